// Winograd F(6,3) / F(4,3) / F(2,3) conv (simd/winograd.h), every kernel level this machine runs (x86: generic,
// avx2, avx512; ARM: generic, neon; each kernel set called explicitly), against the naive ref::Conv2d (double accumulation) over channel counts 1, 3, 8, 16,
// 17, 33, output channels around the 32-wide filter panels, odd and even heights and widths from 1 to 20
// (including images smaller than one tile and several tile blocks), pads 0 / 1 / 2, with bias and
// none / relu / relu6 / leaky_relu fused and hard_swish applied after.
//
// Tolerance: |got - want| <= 1e-4 * (1 + max |conv| over the output) + 1e-4 * |want|, i.e. relative to the
// magnitude of the convolution's output (before the activation). Winograd computes each output as a combination of transformed values whose magnitudes
// exceed the result's (F(6,3)'s A^T carries 32s, its G 1/45..1/180, B^T 5.25s), so float rounding errors are
// amplified ~10-100x compared with a direct dot product and cancel only on average; an error of 1e-5 relative
// to the largest output is typical for F(6,3) on inputs in [-1, 1] with up to a few hundred input channels.
// An element-wise relative bound would fail on outputs that cancel to near zero.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "conv_test_util.h"
#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/cpu_accel.h"
#include "test_util.h"
#if defined(EMBER_HAVE_X86_KERNELS)
#include "operators/kernel/x86/winograd_x86.h"
#include "x86_test_util.h"
#else  // the ARM folder (test/CMakeLists.txt builds this file only with one of the two)
#include "operators/kernel/arm/winograd_arm.h"
#endif

using namespace ember;
using ember::test::OpRunner;
using ember::test::RandomTensor;

namespace {

struct WinoLevel {
  std::string name;
  simd::WinoKernels ks;
};

// The kernel sets of every level this machine runs, lowest first.
std::vector<WinoLevel> WinoLevels() {
  std::vector<WinoLevel> v;
#if defined(EMBER_HAVE_X86_KERNELS)
  for (x86::Isa isa : test::SupportedIsas(true)) v.push_back({x86::IsaName(isa), x86::WinoKernelsOf(isa)});
#else
  v.push_back({"generic", simd::WinoKernelsGeneric()});
  if (arm::IsaSupported(arm::Isa::kNeon)) v.push_back({"neon", arm::WinoKernelsNeon()});
#endif
  return v;
}

ConvGeometry Geo3x3(int64_t n, int64_t c, int64_t h, int64_t w, int64_t cout, int64_t pad) {
  ConvGeometry g;
  g.batch = n, g.in_c = c, g.in_h = h, g.in_w = w, g.out_c = cout, g.groups = 1;
  g.kernel_h = g.kernel_w = 3;
  g.pad_top = g.pad_left = g.pad_bottom = g.pad_right = pad;
  g.out_h = h + 2 * pad - 2;
  g.out_w = w + 2 * pad - 2;
  return g;
}

// Runs the Winograd conv with tile size m on `isa` and compares with the reference; returns the largest error
// relative to the output's magnitude.
double Run(const ConvGeometry& g, int m, int act, const WinoLevel& level, uint32_t seed) {
  REQUIRE(simd::WinogradSupported(g));
  const auto x = test::RandomVector(static_cast<size_t>(g.batch * g.in_c * g.in_h * g.in_w), seed);
  const auto w = test::RandomVector(static_cast<size_t>(g.out_c * g.in_c * 9), seed + 1);
  const auto b = test::RandomVector(static_cast<size_t>(g.out_c), seed + 2);
  const size_t out_n = static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w);
  // One guard float past the output catches a write beyond it.
  std::vector<float> want(out_n), got(out_n + 1, NAN), packed;
  got[out_n] = 12345.f;
  ref::Conv2d(g, x.data(), w.data(), b.data(), test::ConvTestActivation(act), want.data());
  simd::WinogradPackFilter(g, m, w.data(), &packed);
  REQUIRE(packed.size() == simd::WinogradPackedSize(g, m));
  const ActivationSpec spec = test::ConvTestActivation(act);
  if (!simd::ConvWinograd(g, m, packed.data(), b.data(), spec, x.data(), got.data(), level.ks))
    ActivationInPlace(spec, got.data(), static_cast<int64_t>(out_n));
  REQUIRE(got[out_n] == 12345.f);
  // The magnitude is the convolution's before the activation (a clamp to 0.5 does not shrink the error).
  std::vector<float> linear(out_n);
  ref::Conv2d(g, x.data(), w.data(), b.data(), test::ConvTestActivation(0), linear.data());
  double scale = 0;
  for (float v : linear) scale = std::max(scale, static_cast<double>(std::fabs(v)));
  int bad = 0;
  double worst = 0;
  for (size_t i = 0; i < out_n; ++i) {
    const double err = std::fabs(static_cast<double>(got[i]) - want[i]);
    worst = std::max(worst, err / (1.0 + scale));
    if (!(err <= 1e-4 * (1.0 + scale) + 1e-4 * std::fabs(want[i])) && bad++ < 3)
      UNSCOPED_INFO("out[" << i << "] = " << got[i] << ", want " << want[i]);
  }
  INFO("winograd F(" << m << ",3) " << level.name << " n" << g.batch << " c" << g.in_c << " " << g.in_h
                     << "x" << g.in_w << " cout" << g.out_c << " p" << g.pad_top << " act " << act);
  REQUIRE(bad == 0);
  return worst;
}

}  // namespace

TEST_CASE("winograd: supported geometries only 3x3 stride 1 dilation 1 group 1", "[winograd]") {
  ConvGeometry g = Geo3x3(1, 8, 10, 10, 8, 1);
  CHECK(simd::WinogradSupported(g));
  ConvGeometry s2 = g;
  s2.stride_h = s2.stride_w = 2;
  CHECK_FALSE(simd::WinogradSupported(s2));
  ConvGeometry d2 = g;
  d2.dilation_h = d2.dilation_w = 2;
  CHECK_FALSE(simd::WinogradSupported(d2));
  ConvGeometry gr = g;
  gr.groups = 2;
  CHECK_FALSE(simd::WinogradSupported(gr));
  ConvGeometry k5 = g;
  k5.kernel_h = k5.kernel_w = 5;
  CHECK_FALSE(simd::WinogradSupported(k5));
  CHECK(simd::WinogradChoose(s2, 0) == 0);
  CHECK(simd::WinogradChoose(s2, 6) == 0);
#if defined(EMBER_HAVE_X86_KERNELS)
  CHECK(std::string(x86::WinogradKernelName(6, x86::Isa::kGeneric)) == "winograd F(6,3) generic");
  CHECK(std::string(x86::WinogradKernelName(2, x86::Isa::kGeneric)) == "winograd F(2,3) generic");
#else
  CHECK(std::string(arm::WinogradKernelName(6, arm::Isa::kGeneric)) == "winograd F(6,3) generic");
  CHECK(std::string(arm::WinogradKernelName(4, arm::Isa::kNeon)) ==
        (arm::IsaSupported(arm::Isa::kNeon) ? "winograd F(4,3) neon" : "winograd F(4,3) generic"));
#endif
}

TEST_CASE("winograd: channel counts, sizes around and below one tile, pads 0/1/2, fused activations",
          "[winograd]") {
  for (const WinoLevel& isa : WinoLevels())
    for (int m : {2, 4, 6}) {
      int i = 0;
      double worst = 0;
      for (int64_t c : {1, 3, 8, 16, 17, 33})
        for (int64_t pad : {0, 1, 2})
          for (int64_t hw : {1, 3, 6, 7, 12, 13}) {
            const int64_t h = hw + i % 3, w = hw + 8 - i % 5;  // odd and even, h != w
            if (h + 2 * pad < 3 || w + 2 * pad < 3) continue;
            const int64_t cout = (i % 4 == 0) ? 1 : (i % 4 == 1) ? 16 : (i % 4 == 2) ? 33 : 8;
            worst = std::max(worst, Run(Geo3x3(1, c, h, w, cout, pad), m, i % 5, isa, 10 + i));
            ++i;
          }
      INFO("worst relative error " << worst);
      CHECK(worst < 1e-4);
    }
}

TEST_CASE("winograd: larger images (several tile blocks), batch, cout past one panel", "[winograd]") {
  for (const WinoLevel& isa : WinoLevels()) {
    for (int m : {2, 4, 6}) {
      Run(Geo3x3(1, 64, 20, 19, 40, 1), m, 1, isa, 100);   // cin 64: K spans many GEMM steps
      Run(Geo3x3(2, 5, 11, 14, 70, 1), m, 3, isa, 200);    // batch 2, three cout panels (last partial)
      Run(Geo3x3(1, 200, 15, 17, 9, 0), m, 2, isa, 300);   // blocks of few tiles (cin 200)
      Run(Geo3x3(1, 2, 2, 20, 3, 1), m, 0, isa, 400);      // one tile row
    }
    // F(4,3) on 32 x 24: 48 tiles in one block, v's rows exactly ldv (NEON's GEMM reads 2 floats of slack)
    Run(Geo3x3(1, 8, 32, 24, 16, 1), 4, 1, isa, 450);
  }
}

TEST_CASE("winograd: many tiles split into blocks", "[winograd]") {
  // cin 256 -> 32 tiles per block at most for F(6,3): a 52 x 50 output has 81 tiles, 3 blocks.
  for (const WinoLevel& isa : WinoLevels()) Run(Geo3x3(1, 256, 52, 50, 8, 1), 6, 1, isa, 500);
}

TEST_CASE("winograd: two threads, each on its own tiles (many) or sharing every block (few)", "[winograd]") {
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  omp_set_num_threads(2);
#endif
  for (const WinoLevel& isa : WinoLevels()) {
    Run(Geo3x3(1, 16, 50, 47, 40, 1), 4, 1, isa, 600);   // 156 tiles: a share per thread, one block each
    Run(Geo3x3(2, 9, 33, 30, 33, 1), 2, 2, isa, 610);    // batch 2, 255 tiles per image, odd share
    Run(Geo3x3(1, 512, 40, 39, 8, 1), 2, 3, isa, 620);   // cin 512: blocks of 64 tiles, 4 per thread's share
    Run(Geo3x3(1, 64, 14, 14, 70, 1), 4, 4, isa, 630);   // 16 tiles: the threads share the block
    Run(Geo3x3(1, 32, 7, 7, 64, 1), 2, 0, isa, 640);     // 7x7 at F(2,3): shared
    Run(Geo3x3(2, 72, 14, 14, 40, 1), 4, 1, isa, 650);   // shared, batch 2, channel chunks with a tail lane group
  }
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
}

TEST_CASE("winograd: the conv2d op end to end (rule picks Winograd; bias, relu6 fused)", "[winograd][conv]") {
  // 24 -> 20 channels, 18 x 21 output: the rule's F(4,3) (or F(6,3) when EMBER_CONV forces it).
  const ConvGeometry g = Geo3x3(1, 24, 18, 21, 20, 1);
  if (!std::getenv("EMBER_CONV")) {
    REQUIRE(simd::WinogradChoose(g, 0) == 4);
    REQUIRE(simd::WinogradChoose(g, 6) == 6);
    if (const ConvAccel* conv = CpuAccel().conv) {  // the folder's dispatch names the path it runs
      const std::string name = conv->name(conv->plan(g, false).path, g);
      INFO(name);
#if defined(EMBER_HAVE_X86_KERNELS)
      CHECK(name.rfind("winograd F(4,3) ", 0) == 0);
#else
      CHECK(name.rfind("winograd F(4,3) ", 0) == 0);  // F(4,3) wherever x86's rule picks Winograd
#endif
    }
  }
  Tensor x = RandomTensor({1, 24, 18, 21}, 7, -2.f, 2.f);
  Tensor w = RandomTensor({20, 24, 3, 3}, 8);
  Tensor b = RandomTensor({20}, 9, -3.f, 3.f);
  OpRunner op("conv2d");
  op.In("Input", "x", x).In("Filter", "w", w).In("Bias", "b", b).Out("Output", "y");
  op.Attr("strides", Attribute::Ints({1, 1}))
      .Attr("paddings", Attribute::Ints({1, 1}))
      .Attr("dilations", Attribute::Ints({1, 1}))
      .Attr("groups", Attribute::Int(1))
      .Attr("fuse_activation", Attribute::String("relu6"))
      .Attr("fuse_threshold", Attribute::Float(6.0));
  Status s = op.Run();
  INFO(s.ToString());
  REQUIRE(s.ok());
  const Tensor& y = op.Get("y");
  REQUIRE(y.dims() == DDim({1, 20, 18, 21}));
  std::vector<float> linear(static_cast<size_t>(y.numel()));
  ref::Conv2d(g, x.data<float>(), w.data<float>(), b.data<float>(), ActivationSpec(), linear.data());
  double scale = 0;
  for (float v : linear) scale = std::max(scale, static_cast<double>(std::fabs(v)));
  int bad = 0;
  for (size_t i = 0; i < linear.size(); ++i) {
    const float want = std::min(std::max(linear[i], 0.f), 6.f);
    if (!(std::fabs(y.data<float>()[i] - want) <= 1e-4 * (1.0 + scale)) && bad++ < 3)
      UNSCOPED_INFO("y[" << i << "] = " << y.data<float>()[i] << ", want " << want);
  }
  CHECK(bad == 0);
}
