// The NCHW16c kernels (nchw16c_x86.h) and the layout conversions, every ISA level this machine runs (generic,
// avx2, avx512, each called explicitly), against the naive ref::Conv2d on NCHW data (double accumulation).
// The test converts layouts with its own index formula ([n][c/16][h][w][c%16]), not the code under test.
// Pointwise: input channels 1..72 around the 16-channel blocks, output channels around the 64-wide weight
// groups (1..136), pixel counts around the 6-pixel tiles, batch 2, one and two threads. Depthwise: 3x3 and 5x5,
// stride 1 and 2, pads 0 / k/2 / past the window / asymmetric, widths around the 8- and 4-output runs and
// narrower than the kernel. Activations: none / relu / relu6 / leaky_relu fused, hard_swish applied after.
// Tolerance: |got - want| <= 1e-5 * (1 + sum |w * x| over the window); padding channels must come out 0.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/central-arm-func/layout_transform_func.h"
#include "operators/kernel/x86/nchw16c_x86.h"
#include "test_util.h"
#include "x86_test_util.h"

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ember;
using ember::x86::Isa;

namespace {

int64_t Blocked(int64_t c) { return (c + 15) / 16 * 16; }

// NCHW -> [n][c/16][hw][16] with zero padding channels, and back.
std::vector<float> To16c(const std::vector<float>& x, int64_t n, int64_t c, int64_t hw, float pad = 0.f) {
  std::vector<float> y(static_cast<size_t>(n * Blocked(c) * hw), pad);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t p = 0; p < hw; ++p)
        y[static_cast<size_t>(((i * Blocked(c) / 16 + ch / 16) * hw + p) * 16 + ch % 16)] =
            x[static_cast<size_t>((i * c + ch) * hw + p)];
  return y;
}

float At16c(const std::vector<float>& y, int64_t c, int64_t hw, int64_t i, int64_t ch, int64_t p) {
  return y[static_cast<size_t>(((i * Blocked(c) / 16 + ch / 16) * hw + p) * 16 + ch % 16)];
}

void Run(const ConvGeometry& g, int act, Isa isa, uint32_t seed) {
  const bool pw = g.kernel_h == 1;
  REQUIRE((pw ? x86::Pointwise16cSupported(g) : x86::Depthwise16cSupported(g)));
  const int64_t in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  const int64_t wn = pw ? g.out_c * g.in_c : g.out_c * g.kernel_h * g.kernel_w;
  const auto x = test::RandomVector(static_cast<size_t>(g.batch * g.in_c * in_hw), seed);
  const auto w = test::RandomVector(static_cast<size_t>(wn), seed + 1);
  const auto b = test::RandomVector(static_cast<size_t>(g.out_c), seed + 2);
  const size_t out_n = static_cast<size_t>(g.batch * g.out_c * out_hw);
  std::vector<float> want(out_n);
  ref::Conv2d(g, x.data(), w.data(), b.data(), test::ConvTestActivation(act), want.data());
  const std::vector<float> mag = test::ConvErrorMagnitude(g, x, w, b);

  // The input's padding channels hold 7s: whatever they hold, only padding outputs may see them.
  const auto x16 = To16c(x, g.batch, g.in_c, in_hw, 7.f);
  std::vector<float> packed, bias(static_cast<size_t>(Blocked(g.out_c)), 0.f);
  std::copy(b.begin(), b.end(), bias.begin());
  const size_t got_n = static_cast<size_t>(g.batch * Blocked(g.out_c) * out_hw);
  std::vector<float> got(got_n + 1, NAN);
  got[got_n] = 12345.f;  // a guard past the output
  if (pw) {
    x86::PackPointwise16c(g.out_c, g.in_c, w.data(), &packed);
    x86::Pointwise16c(g, packed.data(), bias.data(), test::ConvTestActivation(act), x16.data(), got.data(), isa);
  } else {
    x86::PackDepthwise16c(g.out_c, g.kernel_h, w.data(), &packed);
    x86::Depthwise16c(g, packed.data(), bias.data(), test::ConvTestActivation(act), x16.data(), got.data(), isa);
  }
  INFO(x86::IsaName(isa) << (pw ? " pw" : " dw") << g.kernel_h << "s" << g.stride_h << " n" << g.batch << " c"
                         << g.in_c << " " << g.in_h << "x" << g.in_w << " cout" << g.out_c << " pads " << g.pad_top
                         << "," << g.pad_left << "," << g.pad_bottom << "," << g.pad_right << " act " << act);
  REQUIRE(got[got_n] == 12345.f);
  int bad = 0;
  for (int64_t i = 0; i < g.batch; ++i)
    for (int64_t c = 0; c < Blocked(g.out_c); ++c)
      for (int64_t p = 0; p < out_hw; ++p) {
        const float v = At16c(got, g.out_c, out_hw, i, c, p);
        if (c >= g.out_c) {  // padding channels: zero weights and bias, and act(0) == 0 for these activations
          if (!(v == 0.f) && bad++ < 3) UNSCOPED_INFO("padding channel " << c << " = " << v);
          continue;
        }
        const size_t k = static_cast<size_t>((i * g.out_c + c) * out_hw + p);
        const double err = std::fabs(static_cast<double>(v) - want[k]);
        if (!(err <= 1e-5 * (1.0 + mag[k])) && bad++ < 3)
          UNSCOPED_INFO("out[n" << i << " c" << c << " p" << p << "] = " << v << ", want " << want[k]);
      }
  REQUIRE(bad == 0);
}

}  // namespace

TEST_CASE("NCHW16c conversions: padding channels zero, exact round trip", "[x86][nchw16c]") {
  for (int64_t c : {1, 15, 16, 17, 40})
    for (int64_t hw : {1, 7, 63, 64, 65, 200}) {
      INFO("c " << c << " hw " << hw);
      const auto x = test::RandomVector(static_cast<size_t>(2 * c * hw), static_cast<uint32_t>(c * 100 + hw));
      std::vector<float> y(static_cast<size_t>(2 * Blocked(c) * hw), NAN), back(x.size(), NAN);
      ReorderPacked<true>(x.data(), y.data(), 2, c, hw, 16);
      CHECK(y == To16c(x, 2, c, hw));
      ReorderPacked<false>(y.data(), back.data(), 2, c, hw, 16);
      CHECK(back == x);
    }
}

TEST_CASE("x86 NCHW16c pointwise conv: channels around blocks and groups, pixel tails, activations",
          "[x86][nchw16c]") {
  for (Isa isa : test::SupportedIsas(true)) {
    int i = 0;
    for (int64_t c : {1, 8, 15, 16, 17, 40, 72})
      for (int64_t cout : {1, 16, 24, 64, 72, 136})
        for (int64_t hw : {1, 5, 7, 13, 49}) {
          Run(test::PwDwGeo(1, c, 1, hw, cout, 1, 1, 0, 0, 0, 0), i % 5, isa, static_cast<uint32_t>(10 + i));
          ++i;
        }
    Run(test::PwDwGeo(2, 24, 14, 14, 144, 1, 1, 0, 0, 0, 0), 2, isa, 3);  // batch 2
  }
}

TEST_CASE("x86 NCHW16c depthwise conv: 3x3 / 5x5, strides, pads, widths around the runs, activations",
          "[x86][nchw16c]") {
  for (Isa isa : test::SupportedIsas(true)) {
    int i = 0;
    for (int64_t k : {3, 5})
      for (int64_t s : {1, 2})
        for (int64_t c : {1, 16, 24, 40})
          for (int64_t pad : {int64_t{0}, k / 2, k - 1, k + 1}) {  // k + 1: whole rows of padding only
            const int64_t h = k + (i * 5) % 13, w = k + (i * 7) % 29;
            Run(test::PwDwGeo(1, c, h, w, c, k, s, pad, pad, pad, pad), i % 5, isa, static_cast<uint32_t>(300 + i));
            ++i;
          }
    for (int64_t k : {3, 5})
      for (int64_t s : {1, 2})
        for (int64_t w = 1; w <= 21; ++w)  // every run tail; narrower than the kernel; asymmetric pads
          Run(test::PwDwGeo(1, 16, 4, w, 16, k, s, k / 2, w % 3, k / 2 - 1, k / 2), w % 5, isa,
              static_cast<uint32_t>(700 + w));
  }
}

TEST_CASE("x86 NCHW16c kernels on two threads, batch 2, what they claim", "[x86][nchw16c]") {
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  omp_set_num_threads(2);
#endif
  for (Isa isa : test::SupportedIsas(true)) {
    Run(test::PwDwGeo(2, 32, 28, 28, 32, 3, 1, 1, 1, 1, 1), 2, isa, 1);    // few blocks: row bands
    Run(test::PwDwGeo(1, 96, 112, 112, 96, 3, 2, 0, 0, 1, 1), 1, isa, 2);  // TensorFlow SAME at stride 2
    Run(test::PwDwGeo(1, 320, 7, 7, 1280, 1, 1, 0, 0, 0, 0), 4, isa, 3);   // mobilenet_v2's last 1x1, hard_swish
    Run(test::PwDwGeo(1, 32, 112, 112, 16, 1, 1, 0, 0, 0, 0), 3, isa, 4);  // many pixels, one weight group
  }
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
  // a 3x3 conv is not pointwise
  CHECK_FALSE(x86::Pointwise16cSupported(test::PwDwGeo(1, 16, 8, 8, 16, 3, 1, 1, 1, 1, 1)));
  ConvGeometry strided = test::PwDwGeo(1, 16, 8, 8, 16, 1, 1, 0, 0, 0, 0);
  strided.stride_h = strided.stride_w = 2;
  CHECK_FALSE(x86::Pointwise16cSupported(strided));
  ConvGeometry dilated = test::PwDwGeo(1, 16, 8, 8, 16, 3, 1, 1, 1, 1, 1);
  dilated.dilation_h = dilated.dilation_w = 2;
  CHECK_FALSE(x86::Depthwise16cSupported(dilated));
  CHECK_FALSE(x86::Depthwise16cSupported(test::PwDwGeo(1, 16, 9, 9, 16, 7, 1, 3, 3, 3, 3)));
  CHECK(std::string(x86::Conv16cKernelName(test::PwDwGeo(1, 16, 9, 9, 16, 3, 2, 1, 1, 1, 1), Isa::kAvx512)) ==
        "dw3x3s2 16c avx512");
}
