// The direct KxK stride-2 conv (conv_s2_direct_x86.h; K = 3, 5, 7), every vector ISA this machine runs (avx2, avx512, each
// called explicitly), against the naive ref::Conv2d (double accumulation): input channels 1..33, output
// channels around the 4-channel blocks, output widths around the 16-lane vectors and 64-wide tiles (1 to 70),
// even and odd input sizes, pads 0 / 1 / 2 and asymmetric (TensorFlow SAME), batch 2, one and two threads,
// bias with none / relu / relu6 / leaky_relu fused and hard_swish applied after.
// Tolerance: |got - want| <= 1e-5 * (1 + sum |w * x| over the window) (a float dot product of <= 297 terms).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/x86/conv_s2_direct_x86.h"
#include "test_util.h"
#include "x86_test_util.h"

#ifdef _OPENMP
#include <omp.h>
#endif

using namespace ember;
using ember::x86::Isa;

namespace {

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

void Run(const ConvGeometry& g, int act, Isa isa, uint32_t seed) {
  REQUIRE(x86::ConvDirectS2Supported(g, isa));
  const auto x = test::RandomVector(static_cast<size_t>(g.batch * g.in_c * g.in_h * g.in_w), seed);
  const auto w = test::RandomVector(static_cast<size_t>(g.out_c * g.in_c * g.kernel_h * g.kernel_w), seed + 1);
  const auto b = test::RandomVector(static_cast<size_t>(g.out_c), seed + 2);
  const size_t out_n = static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w);
  std::vector<float> want(out_n), got(out_n + 1, NAN), packed;
  got[out_n] = 12345.f;  // a guard past the output
  ref::Conv2d(g, x.data(), w.data(), b.data(), test::ConvTestActivation(act), want.data());
  const std::vector<float> mag = test::ConvErrorMagnitude(g, x, w, b);
  x86::PackConvDirectS2Filter(g, w.data(), &packed);
  x86::ConvDirectS2(g, packed.data(), b.data(), test::ConvTestActivation(act), x.data(), got.data(), isa);
  REQUIRE(got[out_n] == 12345.f);
  int bad = 0;
  for (size_t i = 0; i < out_n; ++i) {
    const double err = std::fabs(static_cast<double>(got[i]) - want[i]);
    if (!(err <= 1e-5 * (1.0 + mag[i])) && bad++ < 3)
      UNSCOPED_INFO("out[" << i << "] = " << got[i] << ", want " << want[i]);
  }
  INFO(x86::IsaName(isa) << " k" << g.kernel_h << " n" << g.batch << " c" << g.in_c << " " << g.in_h << "x" << g.in_w << " cout"
                         << g.out_c << " pads " << g.pad_top << "," << g.pad_left << "," << g.pad_bottom << ","
                         << g.pad_right << " act " << act);
  REQUIRE(bad == 0);
}

}  // namespace

TEST_CASE("x86 direct conv 3x3 s2: channels, widths around vectors and tiles, pads, activations",
          "[x86][conv_s2_direct]") {
  const auto isas = test::SupportedIsas(false);
  if (isas.empty()) WARN("no AVX2 on this machine: nothing to test");
  for (Isa isa : isas) {
    int i = 0;
    for (int64_t c : {1, 3, 4, 8, 33})
      for (int64_t cout : {1, 3, 4, 5, 16, 17})
        for (int64_t pad : {0, 1, 2}) {
          const int64_t h = 3 + (i * 5) % 18, w = 3 + (i * 11) % 40;  // 3..20 rows, 3..42 columns
          Run(GeoS2(1, c, h, w, cout, pad, pad, pad, pad), i % 5, isa, static_cast<uint32_t>(10 + i));
          ++i;
        }
    // Output widths 1..70 (every tail of the 16-lane vectors and 64-wide tiles), odd and even input widths.
    for (int64_t ow = 1; ow <= 70; ++ow)
      Run(GeoS2(1, 3, 5, 2 * ow + 1 - 2 * (ow % 2), 6, 1, ow % 2, 1, 1), ow % 4, isa, static_cast<uint32_t>(500 + ow));
  }
}

TEST_CASE("x86 direct conv 5x5 / 7x7 s2: channels, widths around vectors and tiles, pads, activations",
          "[x86][conv_s2_direct]") {
  for (Isa isa : test::SupportedIsas(false)) {
    int i = 0;
    for (int64_t k : {5, 7})
      for (int64_t c : {1, 3, 5})
        for (int64_t cout : {1, 4, 7})
          for (int64_t pad : {int64_t{0}, k / 2, k - 1}) {  // none, the usual, past the window's centre
            const int64_t h = k + (i * 5) % 14, w = k + (i * 11) % 40;
            Run(GeoS2(1, c, h, w, cout, pad, pad, pad, pad, k), i % 5, isa, static_cast<uint32_t>(900 + i));
            ++i;
          }
    for (int64_t k : {5, 7})  // every output-width tail, odd and even input widths, asymmetric pads
      for (int64_t ow = 1; ow <= 70; ow += 3)
        Run(GeoS2(1, 3, k + 2, 2 * ow + k - 2 - (ow % 2), 5, k / 2, ow % 3, k / 2 - 1, k / 2, k), ow % 4, isa,
            static_cast<uint32_t>(1500 + ow));
    Run(GeoS2(1, 3, 224, 224, 64, 3, 3, 3, 3, 7), 1, isa, 7);  // resnet's stem
  }
}

TEST_CASE("x86 direct conv 3x3 s2: SAME pads, pads past the kernel, batch, two threads, what it claims",
          "[x86][conv_s2_direct]") {
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  omp_set_num_threads(2);
#endif
  for (Isa isa : test::SupportedIsas(false)) {
    Run(GeoS2(1, 3, 224, 224, 32, 0, 0, 1, 1), 1, isa, 1);    // TensorFlow SAME: bottom/right only (2 threads)
    Run(GeoS2(2, 5, 17, 30, 9, 1, 1, 1, 1), 3, isa, 2);       // batch 2
    Run(GeoS2(1, 2, 4, 6, 3, 3, 3, 3, 3), 2, isa, 3);         // pads past the window: bias-only borders
    Run(GeoS2(1, 32, 40, 66, 64, 1, 1, 1, 1), 4, isa, 4);     // 32 channels, hard_swish after
  }
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
  ConvGeometry g = GeoS2(1, 3, 224, 224, 32, 1, 1, 1, 1);
  CHECK(x86::ConvDirectS2Pays(g, x86::DetectedIsa()) == (x86::DetectedIsa() != Isa::kGeneric));
  CHECK_FALSE(x86::ConvDirectS2Supported(g, Isa::kGeneric));
  ConvGeometry s1 = g;
  s1.stride_h = s1.stride_w = 1;
  CHECK_FALSE(x86::ConvDirectS2Supported(s1, Isa::kAvx2));
  ConvGeometry grouped = g;
  grouped.groups = 3, grouped.out_c = 33;
  CHECK_FALSE(x86::ConvDirectS2Supported(grouped, Isa::kAvx2));
  ConvGeometry deep = GeoS2(1, 256, 28, 28, 512, 1, 1, 1, 1);
  CHECK_FALSE(x86::ConvDirectS2Pays(deep, x86::DetectedIsa()));
}
