// x86 conv paths, for every ISA variant this machine runs, against the naive ref::Conv2d (double
// accumulation): the packed-weight GEMM (1x1 direct, kxk through tiled im2col, groups, strides, pads,
// dilations, batch) and the direct depthwise kernels (3x3 / 5x5, stride 1 / 2, odd widths around the vector
// widths), each with bias and fused activations (in the epilogue: relu, relu6, leaky_relu; after it:
// hard_swish). Tolerance: 1e-4 absolute + 1e-4 relative (float sums of at most a few thousand terms of
// magnitude <= 1).
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/x86/conv_x86.h"
#include "test_util.h"
#include "x86_test_util.h"

using namespace ember;
using ember::x86::Isa;

namespace {

ConvGeometry Geo(int64_t n, int64_t c, int64_t h, int64_t w, int64_t cout, int64_t k, int64_t s, int64_t pad,
                 int64_t dil, int64_t groups) {
  ConvGeometry g;
  g.batch = n, g.in_c = c, g.in_h = h, g.in_w = w, g.out_c = cout, g.groups = groups;
  g.kernel_h = g.kernel_w = k;
  g.stride_h = g.stride_w = s;
  g.dilation_h = g.dilation_w = dil;
  g.pad_top = g.pad_left = pad;
  g.pad_bottom = g.pad_right = pad;
  g.out_h = (h + 2 * pad - dil * (k - 1) - 1) / s + 1;
  g.out_w = (w + 2 * pad - dil * (k - 1) - 1) / s + 1;
  return g;
}

void Compare(const ConvGeometry& g, const std::vector<float>& got, const std::vector<float>& want, const char* what,
             Isa isa, int act) {
  int bad = 0;
  for (size_t i = 0; i < want.size(); ++i)
    if (!(std::fabs(got[i] - want[i]) <= 1e-4f + 1e-4f * std::fabs(want[i])) && bad++ < 3)
      UNSCOPED_INFO("out[" << i << "] = " << got[i] << ", want " << want[i]);
  INFO(what << " " << x86::IsaName(isa) << " n" << g.batch << " c" << g.in_c << " " << g.in_h << "x" << g.in_w
            << " cout" << g.out_c << " k" << g.kernel_h << " s" << g.stride_h << " p" << g.pad_top << " d"
            << g.dilation_h << " g" << g.groups << " act " << act);
  REQUIRE(bad == 0);
}

void RunGemm(const ConvGeometry& g, int act, Isa isa) {
  const int64_t K = g.in_c / g.groups * g.kernel_h * g.kernel_w;
  const auto x = test::RandomVector(static_cast<size_t>(g.batch * g.in_c * g.in_h * g.in_w), 1);
  const auto w = test::RandomVector(static_cast<size_t>(g.out_c * K), 2);
  const auto b = test::RandomVector(static_cast<size_t>(g.out_c), 3);
  const size_t out_n = static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w);
  std::vector<float> want(out_n), got(out_n, NAN), packed;
  ref::Conv2d(g, x.data(), w.data(), b.data(), test::ConvTestActivation(act), want.data());
  x86::PackConvFilter(g, w.data(), &packed);
  x86::ConvGemmPacked(g, packed.data(), b.data(), test::ConvTestActivation(act), x.data(), got.data(), isa);
  Compare(g, got, want, "gemm conv", isa, act);
}

}  // namespace

TEST_CASE("x86 conv: 1x1 convs go straight to the packed GEMM", "[x86][conv]") {
  for (Isa isa : test::SupportedIsas(true))
    for (int64_t c : {1, 3, 8, 16, 17})
      for (int64_t cout : {1, 7, 8, 16, 33})
        for (int64_t hw : {1, 5, 9})
          RunGemm(Geo(1, c, hw, hw + 2, cout, 1, 1, 0, 1, 1), static_cast<int>((c + cout + hw) % 5), isa);
}

TEST_CASE("x86 conv: kxk through tiled im2col (strides, pads, dilations, groups, batch)", "[x86][conv]") {
  for (Isa isa : test::SupportedIsas(true)) {
    int i = 0;
    for (int64_t k : {1, 3, 5})
      for (int64_t s : {1, 2})
        for (int64_t pad : {0, 1, 2})
          for (int64_t c : {3, 8, 17}) {
            const int64_t dil = (i % 3 == 2) ? 2 : 1;
            const int64_t h = 7 + i % 5, w = 9 + i % 7;
            if ((h + 2 * pad - dil * (k - 1) - 1) < 0 || (w + 2 * pad - dil * (k - 1) - 1) < 0) continue;
            RunGemm(Geo(1, c, h, w, 9 + i % 8, k, s, pad, dil, 1), i % 5, isa);
            ++i;
          }
    RunGemm(Geo(2, 8, 11, 13, 12, 3, 1, 1, 1, 4), 1, isa);     // groups, batch 2
    RunGemm(Geo(1, 3, 6, 6, 6, 3, 1, 1, 1, 3), 3, isa);        // groups == channels, multiplier 2
    RunGemm(Geo(1, 64, 20, 20, 40, 3, 1, 1, 1, 1), 2, isa);    // K = 576 spans three packed blocks
    RunGemm(Geo(1, 16, 30, 30, 24, 3, 2, 1, 1, 1), 0, isa);    // N = 225: several column panels
    RunGemm(Geo(1, 8, 1, 40, 8, 1, 2, 0, 1, 1), 1, isa);       // 1x1 stride 2: im2col path
    RunGemm(Geo(1, 57, 9, 9, 8, 3, 1, 1, 1, 1), 1, isa);       // K = 513: the last K block is one row (tap 8)
    RunGemm(Geo(1, 11, 12, 40, 8, 7, 2, 3, 1, 1), 2, isa);     // 7x7 s2, K = 539: last block 27 of the 49 taps
  }
}
