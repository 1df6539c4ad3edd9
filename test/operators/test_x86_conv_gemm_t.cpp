// The transposed GEMM conv (simd/conv_gemm.h, ConvGemmTransposed: C^T = im2col^T W^T for small outputs) on
// every x86 level this machine runs, against ref::Conv2d: 1x1 direct, kxk through im2col, stride 2, more than
// one 64-pixel pass, batch 2, the fused and the separately applied activations; and the rule that picks it.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <vector>

#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/x86/conv_x86.h"
#include "test_util.h"
#include "x86_test_util.h"

using namespace ember;

namespace {

ConvGeometry Geo(int64_t n, int64_t c, int64_t h, int64_t cout, int64_t k, int64_t s, int64_t pad) {
  ConvGeometry g;
  g.batch = n, g.in_c = c, g.in_h = h, g.in_w = h + 1, g.out_c = cout, g.groups = 1;
  g.kernel_h = g.kernel_w = k;
  g.stride_h = g.stride_w = s;
  g.pad_top = g.pad_left = g.pad_bottom = g.pad_right = pad;
  g.out_h = (g.in_h + 2 * pad - k) / s + 1;
  g.out_w = (g.in_w + 2 * pad - k) / s + 1;
  return g;
}

void Check(const ConvGeometry& g, const ActivationSpec& act, uint32_t seed) {
  const std::vector<float> x = test::RandomVector(g.batch * g.in_c * g.in_h * g.in_w, seed, -1.f, 1.f);
  const std::vector<float> w = test::RandomVector(g.out_c * g.in_c * g.kernel_h * g.kernel_w, seed + 1, -1.f, 1.f);
  const std::vector<float> bias = test::RandomVector(g.out_c, seed + 2, -1.f, 1.f);
  const size_t out_n = static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w);
  std::vector<float> want(out_n);
  ref::Conv2d(g, x.data(), w.data(), bias.data(), act, want.data());
  std::vector<float> wt;
  x86::PackConvFilterTransposed(g, w.data(), &wt);
  for (x86::Isa isa : test::SupportedIsas(true)) {
    std::vector<float> got(out_n, -7.f);
    x86::ConvGemmTransposed(g, wt.data(), bias.data(), act, x.data(), got.data(), isa);
    float scale = 0.f;
    for (float v : want) scale = std::max(scale, std::fabs(v));
    int bad = 0;
    for (size_t i = 0; i < out_n; ++i)
      if (!(std::fabs(got[i] - want[i]) <= 1e-4f * (1.f + scale)) && bad++ < 3)
        FAIL_CHECK(x86::IsaName(isa) << " c " << g.in_c << " h " << g.in_h << " cout " << g.out_c << " k "
                                     << g.kernel_h << " s " << g.stride_h << " [" << i << "] " << got[i] << " vs "
                                     << want[i]);
    CHECK(bad == 0);
  }
}

}  // namespace

TEST_CASE("transposed GEMM conv matches the reference", "[conv][gemmT]") {
  ActivationSpec none, relu6, leaky, sigmoid;
  relu6.type = ActivationType::kRelu6, relu6.a = 6.f;
  leaky.type = ActivationType::kLeakyRelu, leaky.a = 0.1f;
  sigmoid.type = ActivationType::kSigmoid;  // not fused: applied after
  uint32_t seed = 1;
  Check(Geo(1, 32, 7, 70, 1, 1, 0), none, seed += 3);    // 1x1 direct, 7x8 = 56 pixels, 70 channels (tails)
  Check(Geo(1, 24, 14, 40, 3, 2, 1), relu6, seed += 3);  // 3x3 stride 2 through im2col
  Check(Geo(2, 16, 13, 33, 1, 2, 0), leaky, seed += 3);  // 1x1 stride 2, batch 2
  Check(Geo(1, 8, 10, 20, 3, 1, 1), sigmoid, seed += 3); // 10 x 11 = 110 pixels: two passes of up to 64
  Check(Geo(1, 3, 9, 17, 5, 1, 2), relu6, seed += 3);    // 5x5, 90 pixels, direct = false
}

TEST_CASE("transposed GEMM conv: chosen for small outputs with many channels only", "[conv][gemmT]") {
  auto square = [](int64_t c, int64_t h, int64_t cout, int64_t k, int64_t s, int64_t pad) {
    ConvGeometry g = Geo(1, c, h, cout, k, s, pad);
    g.in_w = g.in_h;
    g.out_w = g.out_h;
    return g;
  };
  // AVX-512's tiles: 16-float vectors, 64 columns. 7 x 7 = 49 pixels x 512 channels: 64 x 516 padded
  // products against 54 x 512.
  CHECK(x86::ConvGemmTransposedPays(square(256, 14, 512, 3, 2, 1), 16, 64));
  CHECK(x86::ConvGemmTransposedPays(square(512, 7, 512, 1, 1, 0), 16, 64));
  CHECK_FALSE(x86::ConvGemmTransposedPays(Geo(1, 256, 14, 512, 3, 2, 1), 16, 64));  // 7 x 8: 64 x 516, 60 x 512
  CHECK_FALSE(x86::ConvGemmTransposedPays(square(64, 28, 128, 3, 2, 1), 16, 64));    // 14 x 14 pixels
  CHECK_FALSE(x86::ConvGemmTransposedPays(square(1024, 7, 9, 1, 1, 0), 16, 64));     // 9 channels
  CHECK_FALSE(x86::ConvGemmTransposedPays(square(256, 14, 512, 1, 2, 0), 16, 64));   // K = 256
  ConvGeometry grouped = square(64, 7, 64, 1, 1, 0);
  grouped.groups = 2;
  CHECK_FALSE(x86::ConvGemmTransposedPays(grouped, 16, 64));
}
