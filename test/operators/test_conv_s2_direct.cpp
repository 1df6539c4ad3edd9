// The direct KxK stride-2 conv (simd/conv_s2_direct.h; K = 3, 5, 7), every vector level this machine runs (x86:
// avx2, avx512; ARM: neon; each called explicitly through its folder's wrapper), against the naive ref::Conv2d
// (double accumulation): input channels 1..33, output channels around the 4-channel blocks, output widths
// around the 4-, 8- and 16-lane vectors and 16- to 64-wide tiles (1 to 70), even and odd input sizes, pads 0 / 1 /
// 2 and asymmetric (TensorFlow SAME), batch 2, one and two threads, bias with none / relu / relu6 / leaky_relu
// fused and hard_swish applied after. The same file runs on both architectures (built with either folder).
// Tolerance: |got - want| <= 1e-5 * (1 + sum |w * x| over the window) (a float dot product of <= 297 terms).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "conv_test_util.h"
#include "operators/kernel/central-arm-func/conv_func.h"
#include "test_util.h"
#if defined(EMBER_HAVE_X86_KERNELS)
#include "operators/kernel/x86/conv_s2_direct_x86.h"
#include "x86_test_util.h"
#else  // the ARM folder (test/CMakeLists.txt builds this file only with one of the two)
#include "operators/kernel/arm/conv_s2_direct_arm.h"
#include "operators/kernel/arm/sgemm_arm.h"
#endif

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ember;

namespace {

// One vector level: its name and the folder's conv (any activation, the unfused ones applied after).
struct S2Level {
  std::string name;
  std::function<void(const ConvGeometry&, const float*, const float*, const ActivationSpec&, const float*, float*)>
      run;
};

// The vector levels this machine runs, lowest first (none: nothing to test).
std::vector<S2Level> Levels() {
  std::vector<S2Level> v;
#if defined(EMBER_HAVE_X86_KERNELS)
  for (x86::Isa isa : test::SupportedIsas(false))
    v.push_back({x86::IsaName(isa), [isa](const ConvGeometry& g, const float* w, const float* b,
                                          const ActivationSpec& act, const float* x, float* y) {
                   REQUIRE(x86::ConvDirectS2Supported(g, isa));
                   x86::ConvDirectS2(g, w, b, act, x, y, isa);
                 }});
#else
  if (arm::IsaSupported(arm::Isa::kNeon))
    v.push_back({"neon", [](const ConvGeometry& g, const float* w, const float* b, const ActivationSpec& act,
                            const float* x, float* y) {
                   REQUIRE(arm::ConvDirectS2Supported(g, arm::Isa::kNeon));
                   arm::ConvDirectS2Arm(g, w, b, act, x, y);
                 }});
#endif
  if (v.empty()) WARN("no vector level on this machine: nothing to test");
  return v;
}

ConvGeometry GeoS2(int64_t n, int64_t c, int64_t h, int64_t w, int64_t cout, int64_t pt, int64_t pl, int64_t pb,
                   int64_t pr, int64_t k = 3) {
  ConvGeometry g;
  g.batch = n, g.in_c = c, g.in_h = h, g.in_w = w, g.out_c = cout, g.groups = 1;
  g.kernel_h = g.kernel_w = k;
  g.stride_h = g.stride_w = 2;
  g.pad_top = pt, g.pad_left = pl, g.pad_bottom = pb, g.pad_right = pr;
  g.out_h = (h + pt + pb - k) / 2 + 1;
  g.out_w = (w + pl + pr - k) / 2 + 1;
  return g;
}

void Run(const ConvGeometry& g, int act, const S2Level& level, uint32_t seed) {
  REQUIRE(simd::ConvDirectS2ShapeSupported(g));
  const auto x = test::RandomVector(static_cast<size_t>(g.batch * g.in_c * g.in_h * g.in_w), seed);
  const auto w = test::RandomVector(static_cast<size_t>(g.out_c * g.in_c * g.kernel_h * g.kernel_w), seed + 1);
  const auto b = test::RandomVector(static_cast<size_t>(g.out_c), seed + 2);
  const size_t out_n = static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w);
  std::vector<float> want(out_n), got(out_n + 1, NAN), packed;
  got[out_n] = 12345.f;  // a guard past the output
  ref::Conv2d(g, x.data(), w.data(), b.data(), test::ConvTestActivation(act), want.data());
  const std::vector<float> mag = test::ConvErrorMagnitude(g, x, w, b);
  simd::PackConvDirectS2Filter(g, w.data(), &packed);
  level.run(g, packed.data(), b.data(), test::ConvTestActivation(act), x.data(), got.data());
  REQUIRE(got[out_n] == 12345.f);
  int bad = 0;
  for (size_t i = 0; i < out_n; ++i) {
    const double err = std::fabs(static_cast<double>(got[i]) - want[i]);
    if (!(err <= 1e-5 * (1.0 + mag[i])) && bad++ < 3)
      UNSCOPED_INFO("out[" << i << "] = " << got[i] << ", want " << want[i]);
  }
  INFO(level.name << " k" << g.kernel_h << " n" << g.batch << " c" << g.in_c << " " << g.in_h << "x" << g.in_w << " cout"
                         << g.out_c << " pads " << g.pad_top << "," << g.pad_left << "," << g.pad_bottom << ","
                         << g.pad_right << " act " << act);
  REQUIRE(bad == 0);
}

}  // namespace

TEST_CASE("direct conv 3x3 s2: channels, widths around vectors and tiles, pads, activations",
          "[conv_s2_direct][conv]") {
  for (const S2Level& level : Levels()) {
    int i = 0;
    for (int64_t c : {1, 3, 4, 8, 33})
      for (int64_t cout : {1, 3, 4, 5, 16, 17})
        for (int64_t pad : {0, 1, 2}) {
          const int64_t h = 3 + (i * 5) % 18, w = 3 + (i * 11) % 40;  // 3..20 rows, 3..42 columns
          Run(GeoS2(1, c, h, w, cout, pad, pad, pad, pad), i % 5, level, static_cast<uint32_t>(10 + i));
          ++i;
        }
    // Output widths 1..70 (every tail of the vectors and tiles), odd and even input widths.
    for (int64_t ow = 1; ow <= 70; ++ow)
      Run(GeoS2(1, 3, 5, 2 * ow + 1 - 2 * (ow % 2), 6, 1, ow % 2, 1, 1), ow % 4, level, static_cast<uint32_t>(500 + ow));
  }
}

TEST_CASE("direct conv 5x5 / 7x7 s2: channels, widths around vectors and tiles, pads, activations",
          "[conv_s2_direct][conv]") {
  for (const S2Level& level : Levels()) {
    int i = 0;
    for (int64_t k : {5, 7})
      for (int64_t c : {1, 3, 5})
        for (int64_t cout : {1, 4, 7})
          for (int64_t pad : {int64_t{0}, k / 2, k - 1}) {  // none, the usual, past the window's centre
            const int64_t h = k + (i * 5) % 14, w = k + (i * 11) % 40;
            Run(GeoS2(1, c, h, w, cout, pad, pad, pad, pad, k), i % 5, level, static_cast<uint32_t>(900 + i));
            ++i;
          }
    for (int64_t k : {5, 7})  // every output-width tail, odd and even input widths, asymmetric pads
      for (int64_t ow = 1; ow <= 70; ow += 3)
        Run(GeoS2(1, 3, k + 2, 2 * ow + k - 2 - (ow % 2), 5, k / 2, ow % 3, k / 2 - 1, k / 2, k), ow % 4, level,
            static_cast<uint32_t>(1500 + ow));
    Run(GeoS2(1, 3, 224, 224, 64, 3, 3, 3, 3, 7), 1, level, 7);  // resnet's stem
  }
}

TEST_CASE("direct conv 3x3 s2: SAME pads, pads past the kernel, batch, two threads, what it claims",
          "[conv_s2_direct][conv]") {
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  omp_set_num_threads(2);
#endif
  for (const S2Level& level : Levels()) {
    Run(GeoS2(1, 3, 224, 224, 32, 0, 0, 1, 1), 1, level, 1);    // TensorFlow SAME: bottom/right only (2 threads)
    Run(GeoS2(2, 5, 17, 30, 9, 1, 1, 1, 1), 3, level, 2);       // batch 2
    Run(GeoS2(1, 2, 4, 6, 3, 3, 3, 3, 3), 2, level, 3);         // pads past the window: bias-only borders
    Run(GeoS2(1, 32, 40, 66, 64, 1, 1, 1, 1), 4, level, 4);     // 32 channels, hard_swish after
  }
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
  ConvGeometry g = GeoS2(1, 3, 224, 224, 32, 1, 1, 1, 1);
  CHECK(simd::ConvDirectS2ShapePays(g));
  ConvGeometry s1 = g;
  s1.stride_h = s1.stride_w = 1;
  CHECK_FALSE(simd::ConvDirectS2ShapeSupported(s1));
  ConvGeometry grouped = g;
  grouped.groups = 3, grouped.out_c = 33;
  CHECK_FALSE(simd::ConvDirectS2ShapeSupported(grouped));
  ConvGeometry k9 = GeoS2(1, 3, 40, 40, 8, 4, 4, 4, 4, 9);
  CHECK_FALSE(simd::ConvDirectS2ShapeSupported(k9));
  CHECK_FALSE(simd::ConvDirectS2ShapePays(GeoS2(1, 256, 28, 28, 512, 1, 1, 1, 1)));  // deep input
  CHECK_FALSE(simd::ConvDirectS2ShapePays(GeoS2(1, 3, 40, 40, 32, 1, 1, 1, 1)));     // 20 wide
#if defined(EMBER_HAVE_X86_KERNELS)
  CHECK(x86::ConvDirectS2Pays(g, x86::DetectedIsa()) == (x86::DetectedIsa() != x86::Isa::kGeneric));
  CHECK_FALSE(x86::ConvDirectS2Supported(g, x86::Isa::kGeneric));
  CHECK_FALSE(x86::ConvDirectS2Supported(s1, x86::Isa::kAvx2));
#else
  CHECK(arm::ConvDirectS2Pays(g, arm::DetectedIsa()) == (arm::DetectedIsa() != arm::Isa::kGeneric));
  CHECK_FALSE(arm::ConvDirectS2Supported(g, arm::Isa::kGeneric));
  CHECK_FALSE(arm::ConvDirectS2Supported(s1, arm::Isa::kNeon));
#endif
}

#if !defined(EMBER_HAVE_X86_KERNELS)
// The im2col stride-2 gather on NEON (x86's is in test_x86_sgemm.cpp): every length around the vector width and
// the overlapping last vector, from a buffer holding just the 2n - 1 floats it may read.
TEST_CASE("NEON GatherEven: dst[t] = src[2t] reading only src[0 .. 2n-2]", "[arm][sgemm]") {
  if (!arm::IsaSupported(arm::Isa::kNeon)) return;
  for (int64_t n = 1; n <= 40; ++n) {
    std::vector<float> src = test::RandomVector(static_cast<size_t>(2 * n - 1), static_cast<uint32_t>(n));
    std::vector<float> dst(static_cast<size_t>(n) + 1, -7.f);
    arm::GatherEvenNeon(src.data(), dst.data(), n);
    for (int64_t t = 0; t < n; ++t) REQUIRE(dst[static_cast<size_t>(t)] == src[static_cast<size_t>(2 * t)]);
    REQUIRE(dst[static_cast<size_t>(n)] == -7.f);  // nothing written past n
  }
}
#endif
