// The packed-channel convs through the conv table (CpuAccel().conv: plan with packed = true, pack, run), at the
// active level, for the block the folder reports: NCHW4c on ARM (conv4c_arm.h), NCHW16c on x86 (nchw16c_x86.h,
// whose every level test_x86_nchw16c.cpp also calls directly). Against the naive ref::Conv2d on NCHW data
// (double accumulation); the test converts layouts with its own index formula ([n][c/x][hw][c%x]).
// Pointwise: input channels around the blocks, output channels around the 8-channel weight groups (ARM) and
// 64 (x86), pixel counts around the 8-pixel tiles. Depthwise: 3x3 / 5x5, stride 1 / 2, pads 0 / k/2 / past the
// window / asymmetric, widths around the 4-pixel passes and narrower than the kernel. Activations: none / relu
// / relu6 / leaky_relu fused, hard_swish applied after. Tolerance: |got - want| <= 1e-5 * (1 + sum |w * x|);
// padding channels must come out 0 whatever the input's padding holds.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "conv_test_util.h"
#include "operators/conv_op.h"
#include "operators/kernel/cpu_accel.h"
#include "test_util.h"

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ember;

namespace {

struct Packed {
  int64_t block, c, hw;
  int64_t Channels() const { return (c + block - 1) / block * block; }
  size_t At(int64_t n, int64_t ch, int64_t p) const {
    return static_cast<size_t>(((n * Channels() / block + ch / block) * hw + p) * block + ch % block);
  }
};

// Runs `g` packed through the table and checks it against the reference.
void Run(const ConvGeometry& g, int act, uint32_t seed) {
  const ConvAccel* a = CpuAccel().conv;
  const int64_t block = PackedConvBlock();
  REQUIRE(a != nullptr);
  REQUIRE(a->packed_supports(g));
  const int64_t in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  const int64_t wn = g.out_c * (g.in_c / g.groups) * g.kernel_h * g.kernel_w;
  const auto x = test::RandomVector(static_cast<size_t>(g.batch * g.in_c * in_hw), seed);
  const auto w = test::RandomVector(static_cast<size_t>(wn), seed + 1);
  const auto b = test::RandomVector(static_cast<size_t>(g.out_c), seed + 2);
  std::vector<float> want(static_cast<size_t>(g.batch * g.out_c * out_hw));
  ref::Conv2d(g, x.data(), w.data(), b.data(), test::ConvTestActivation(act), want.data());
  const std::vector<float> mag = test::ConvErrorMagnitude(g, x, w, b);

  const Packed in{block, g.in_c, in_hw}, out{block, g.out_c, out_hw};
  // The input's padding channels hold 7s: whatever they hold, only padding outputs may see them (0 there).
  std::vector<float> xp(static_cast<size_t>(g.batch * in.Channels() * in_hw), 7.f);
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t c = 0; c < g.in_c; ++c)
      for (int64_t p = 0; p < in_hw; ++p) xp[in.At(n, c, p)] = x[static_cast<size_t>((n * g.in_c + c) * in_hw + p)];
  if (g.kernel_h != 1)  // a depthwise conv's padding lanes are its own channels: the region keeps them 0
    for (int64_t n = 0; n < g.batch; ++n)
      for (int64_t c = g.in_c; c < in.Channels(); ++c)
        for (int64_t p = 0; p < in_hw; ++p) xp[in.At(n, c, p)] = 0.f;
  const int64_t align = a->bias_align;
  std::vector<float> bias(static_cast<size_t>((out.Channels() + align - 1) / align * align), 0.f);
  std::copy(b.begin(), b.end(), bias.begin());
  const ConvAccelPlan plan = a->plan(g, true);
  std::vector<float> packed;
  if (plan.pack_suffix) a->pack(plan.path, g, w.data(), &packed);
  const size_t got_n = static_cast<size_t>(g.batch * out.Channels() * out_hw);
  std::vector<float> got(got_n + 1, NAN);
  got[got_n] = 12345.f;  // a guard past the output
  a->run(plan.path, g, plan.pack_suffix ? packed.data() : w.data(), bias.data(), test::ConvTestActivation(act),
         xp.data(), got.data());
  INFO(a->name(plan.path, g) << " n" << g.batch << " c" << g.in_c << " " << g.in_h << "x" << g.in_w << " cout"
                             << g.out_c << " k" << g.kernel_h << "s" << g.stride_h << " pads " << g.pad_top << ","
                             << g.pad_left << "," << g.pad_bottom << "," << g.pad_right << " act " << act);
  REQUIRE(got[got_n] == 12345.f);
  int bad = 0;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t c = 0; c < out.Channels(); ++c)
      for (int64_t p = 0; p < out_hw; ++p) {
        const float v = got[out.At(n, c, p)];
        if (c >= g.out_c) {  // zero weights and bias, and act(0) == 0 for these activations
          if (!(v == 0.f) && bad++ < 3) UNSCOPED_INFO("padding channel " << c << " = " << v);
          continue;
        }
        const size_t k = static_cast<size_t>((n * g.out_c + c) * out_hw + p);
        const double err = std::fabs(static_cast<double>(v) - want[k]);
        if (!(err <= 1e-5 * (1.0 + mag[k])) && bad++ < 3)
          UNSCOPED_INFO("out[n" << n << " c" << c << " p" << p << "] = " << v << ", want " << want[k]);
      }
  REQUIRE(bad == 0);
}

bool PackedKernelsActive() {
  if (PackedConvBlock()) return true;
  WARN("no packed-channel conv kernels at this build's active level (a portable build): nothing to test");
  return false;
}

}  // namespace

TEST_CASE("packed conv, 1x1: channels around blocks and weight groups, pixel tails, activations", "[packed_conv]") {
  if (!PackedKernelsActive()) return;
  int i = 0;
  for (int64_t c : {1, 3, 4, 5, 8, 17, 40})
    for (int64_t cout : {1, 4, 8, 12, 16, 24, 72})
      for (int64_t hw : {1, 7, 8, 9, 17, 49}) {
        Run(test::PwDwGeo(1, c, 1, hw, cout, 1, 1, 0, 0, 0, 0), i % 5, static_cast<uint32_t>(10 + i));
        ++i;
      }
  Run(test::PwDwGeo(2, 24, 14, 14, 144, 1, 1, 0, 0, 0, 0), 2, 3);  // batch 2
}

TEST_CASE("packed conv, depthwise: 3x3 / 5x5, strides, pads, widths around the passes, activations",
          "[packed_conv]") {
  if (!PackedKernelsActive()) return;
  int i = 0;
  for (int64_t k : {3, 5})
    for (int64_t s : {1, 2})
      for (int64_t c : {1, 4, 6, 24})
        for (int64_t pad : {int64_t{0}, k / 2, k - 1, k + 1}) {  // k + 1: whole rows of padding only
          const int64_t h = k + (i * 5) % 11, w = k + (i * 7) % 19;
          Run(test::PwDwGeo(1, c, h, w, c, k, s, pad, pad, pad, pad), i % 5, static_cast<uint32_t>(300 + i));
          ++i;
        }
  for (int64_t k : {3, 5})
    for (int64_t s : {1, 2})
      for (int64_t w = 1; w <= 13; ++w) {  // every pass tail; narrower than the kernel; asymmetric pads
        const ConvGeometry g = test::PwDwGeo(1, 7, 4, w, 7, k, s, k / 2, w % 3, k / 2 - 1, k / 2);
        if (g.out_w >= 1) Run(g, w % 5, static_cast<uint32_t>(700 + w));
      }
}

TEST_CASE("packed conv on two threads, batch 2, and what the table claims", "[packed_conv]") {
  if (!PackedKernelsActive()) return;
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  omp_set_num_threads(2);
#endif
  Run(test::PwDwGeo(2, 32, 28, 28, 32, 3, 1, 1, 1, 1, 1), 2, 1);    // few blocks: row bands
  Run(test::PwDwGeo(1, 96, 56, 56, 96, 3, 2, 0, 0, 1, 1), 1, 2);    // TensorFlow SAME at stride 2
  Run(test::PwDwGeo(1, 320, 7, 7, 1280, 1, 1, 0, 0, 0, 0), 4, 3);   // mobilenet_v2's last 1x1, hard_swish after
  Run(test::PwDwGeo(1, 32, 56, 56, 16, 1, 1, 0, 0, 0, 0), 3, 4);    // many pixels, few output channels
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
  const ConvAccel* a = CpuAccel().conv;
  ConvGeometry dense = test::PwDwGeo(1, 16, 8, 8, 16, 3, 1, 1, 1, 1, 1);
  dense.groups = 1;  // a dense 3x3 conv is neither
  CHECK_FALSE(a->packed_supports(dense));
  ConvGeometry strided = test::PwDwGeo(1, 16, 8, 8, 16, 1, 1, 0, 0, 0, 0);
  strided.stride_h = strided.stride_w = 2;
  CHECK_FALSE(a->packed_supports(strided));
  ConvGeometry dilated = test::PwDwGeo(1, 16, 8, 8, 16, 3, 1, 1, 1, 1, 1);
  dilated.dilation_h = dilated.dilation_w = 2;
  CHECK_FALSE(a->packed_supports(dilated));
  CHECK_FALSE(a->packed_supports(test::PwDwGeo(1, 16, 9, 9, 16, 7, 1, 3, 3, 3, 3)));
}
