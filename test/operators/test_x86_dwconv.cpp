// x86 depthwise kernels (dwconv_x86.h: DepthwiseConvX86 and its AVX2 / AVX-512 row kernels), each ISA variant
// this machine runs called explicitly, against a plain loop in this file (double accumulation, zero padding):
// channels 1, 3, 8, 16, 17; heights 1..20; widths 1..40 around the vector widths 8 / 16 / 32; kernel 3 and 5;
// stride 1 and 2; pads 0, 1, 2 and asymmetric (SAME-style) pads; batch 2; bias with no activation, relu,
// relu6 (threshold 0.5 so the clamp bites), clip, leaky_relu; a per-plane post function; 1 and 2 threads
// (row bands when planes are few). The input ends right before (or starts right after) an inaccessible page,
// so a load outside the input crashes the test, and canaries around the output catch stray stores.
//
// Tolerance: 4e-5 absolute. Inputs, weights and bias are in [-1, 1], so every partial sum of the at most
// 25 products plus bias is below 26 in magnitude and each of the at most 26 float roundings errs by at most
// 26 * 2^-24 / 2: the float result is within 26 * 13 * 2^-24 = 2.0e-5 of the exact one (the reference's
// double error is negligible); the bound doubles that for margin. Typical errors are ~1e-6.
#include <catch2/catch.hpp>

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "operators/conv_op.h"
#include "operators/kernel/x86/cpu_isa.h"
#include "operators/kernel/x86/dwconv_x86.h"

#ifdef _OPENMP
#include <omp.h>
#include "test_util.h"
#include "x86_test_util.h"
#endif

using namespace ember;
using ember::x86::Isa;

namespace {

constexpr float kTol = 4e-5f;

ConvGeometry DwGeo(int64_t n, int64_t c, int64_t h, int64_t w, int64_t k, int64_t s, int64_t pt, int64_t pl,
                   int64_t pb, int64_t pr) {
  ConvGeometry g;
  g.batch = n, g.in_c = c, g.in_h = h, g.in_w = w, g.out_c = c, g.groups = c;
  g.kernel_h = g.kernel_w = k;
  g.stride_h = g.stride_w = s;
  g.pad_top = pt, g.pad_left = pl, g.pad_bottom = pb, g.pad_right = pr;
  g.out_h = (h + pt + pb - k) / s + 1;
  g.out_w = (w + pl + pr - k) / s + 1;
  return g;
}

// act: 0 none, 1 relu, 2 relu6 at 0.5, 3 clip [-0.3, 0.4], 4 leaky_relu 0.1.
x86::GemmEpilogue Epilogue(int act) {
  x86::GemmEpilogue ep;
  if (act == 1) ep.act = 1, ep.lo = 0.f, ep.hi = INFINITY;
  if (act == 2) ep.act = 1, ep.lo = 0.f, ep.hi = 0.5f;
  if (act == 3) ep.act = 1, ep.lo = -0.3f, ep.hi = 0.4f;
  if (act == 4) ep.act = 2, ep.slope = 0.1f;
  return ep;
}

double RefAct(double v, int act) {
  switch (act) {
    case 1: return std::max(v, 0.0);
    case 2: return std::min(std::max(v, 0.0), 0.5);
    case 3: return std::min(std::max(v, -0.3), 0.4);
    case 4: return v < 0 ? 0.1 * v : v;
    default: return v;
  }
}

std::vector<float> Reference(const ConvGeometry& g, const float* x, const float* w, const float* b, int act) {
  std::vector<float> y(static_cast<size_t>(g.batch * g.in_c * g.out_h * g.out_w));
  const int64_t k = g.kernel_h, s = g.stride_h;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t c = 0; c < g.in_c; ++c) {
      const float* xp = x + (n * g.in_c + c) * g.in_h * g.in_w;
      float* yp = y.data() + (n * g.in_c + c) * g.out_h * g.out_w;
      for (int64_t oh = 0; oh < g.out_h; ++oh)
        for (int64_t ow = 0; ow < g.out_w; ++ow) {
          double acc = b[c];
          for (int64_t i = 0; i < k; ++i)
            for (int64_t j = 0; j < k; ++j) {
              const int64_t ih = oh * s + i - g.pad_top, iw = ow * s + j - g.pad_left;
              if (ih < 0 || ih >= g.in_h || iw < 0 || iw >= g.in_w) continue;
              acc += static_cast<double>(xp[ih * g.in_w + iw]) * w[(c * k + i) * k + j];
            }
          yp[oh * g.out_w + ow] = static_cast<float>(RefAct(acc, act));
        }
    }
  return y;
}

// n floats between two inaccessible pages, placed against the end (at_end) or the start of the readable span.
class GuardedFloats {
 public:
  GuardedFloats(const std::vector<float>& v, bool at_end) {
    page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    const size_t bytes = v.size() * sizeof(float);
    span_ = (bytes + page_ - 1) / page_ * page_;
    size_ = span_ + 2 * page_;
    void* p = mmap(nullptr, size_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    REQUIRE(p != MAP_FAILED);
    base_ = static_cast<char*>(p);
    REQUIRE(mprotect(base_, page_, PROT_NONE) == 0);
    REQUIRE(mprotect(base_ + page_ + span_, page_, PROT_NONE) == 0);
    data_ = reinterpret_cast<float*>(base_ + page_ + (at_end ? span_ - bytes : 0));
    std::copy(v.begin(), v.end(), data_);
  }
  ~GuardedFloats() { munmap(base_, size_); }
  GuardedFloats(const GuardedFloats&) = delete;
  GuardedFloats& operator=(const GuardedFloats&) = delete;
  const float* data() const { return data_; }

 private:
  size_t page_ = 0, span_ = 0, size_ = 0;
  char* base_ = nullptr;
  float* data_ = nullptr;
};

struct Post {
  float scale;
};
void ScalePost(float* out, int64_t n, const void* ctx) {
  for (int64_t i = 0; i < n; ++i) out[i] *= static_cast<const Post*>(ctx)->scale;
}

// Runs one geometry on `isa` and compares; returns the number of mismatches (0 expected).
void Check(const ConvGeometry& g, int act, Isa isa, uint32_t seed, bool at_end = true, bool post = false) {
  REQUIRE(x86::DepthwiseKernelSupported(g, isa));
  const auto xv = test::RandomVector(static_cast<size_t>(g.batch * g.in_c * g.in_h * g.in_w), seed);
  const auto w = test::RandomVector(static_cast<size_t>(g.in_c * g.kernel_h * g.kernel_w), seed + 1);
  const auto b = test::RandomVector(static_cast<size_t>(g.in_c), seed + 2);
  GuardedFloats x(xv, at_end);
  auto want = Reference(g, x.data(), w.data(), b.data(), act);
  const Post scale{-1.5f};
  if (post)
    for (auto& v : want) v *= scale.scale;
  const size_t n = want.size(), pad = 40;
  std::vector<float> got(n + 2 * pad, 12345.f);
  x86::DepthwiseConvX86(g, w.data(), b.data(), Epilogue(act), x.data(), got.data() + pad, isa,
                        post ? ScalePost : nullptr, &scale);
  int bad = 0;
  double worst = 0;
  for (size_t i = 0; i < n; ++i) {
    const double err = std::fabs(static_cast<double>(got[pad + i]) - want[i]);
    if (!(err <= kTol) && bad++ < 3) UNSCOPED_INFO("out[" << i << "] = " << got[pad + i] << ", want " << want[i]);
    if (err > worst) worst = err;
  }
  int stray = 0;
  for (size_t i = 0; i < pad; ++i) stray += (got[i] != 12345.f) + (got[pad + n + i] != 12345.f);
  INFO(x86::IsaName(isa) << " n" << g.batch << " c" << g.in_c << " " << g.in_h << "x" << g.in_w << " k"
                         << g.kernel_h << " s" << g.stride_h << " pads " << g.pad_top << "," << g.pad_left << ","
                         << g.pad_bottom << "," << g.pad_right << " act " << act << " post " << post
                         << " worst err " << worst);
  REQUIRE(bad == 0);
  REQUIRE(stray == 0);
}

}  // namespace

TEST_CASE("x86 dwconv: every ISA variant over channels, sizes, strides, pads, kernels", "[x86][dwconv]") {
  const auto isas = test::SupportedIsas(false);
  if (isas.empty()) WARN("no AVX2 on this machine: nothing to test");
  const int64_t channels[] = {1, 3, 8, 16, 17};
  const int64_t widths[] = {1, 2, 3, 5, 7, 8, 9, 12, 15, 16, 17, 20, 23, 31, 32, 33, 40};
  for (Isa isa : isas) {
    int i = 0;
    for (int64_t k : {3, 5})
      for (int64_t s : {1, 2})
        for (int64_t pad : {0, 1, 2})
          for (int64_t w : widths) {
            const int64_t h = 1 + (i * 7) % 20;  // 1..20, a different one for each case
            const int64_t c = channels[i % 5];
            ++i;
            if (h + 2 * pad < k || w + 2 * pad < k) continue;
            Check(DwGeo(1, c, h, w, k, s, pad, pad, pad, pad), i % 5, isa, static_cast<uint32_t>(i), i % 2 == 0);
          }
  }
}

TEST_CASE("x86 dwconv: asymmetric pads, batch, wide planes", "[x86][dwconv]") {
  for (Isa isa : test::SupportedIsas(false)) {
    uint32_t seed = 100;
    for (int64_t k : {3, 5})
      for (int64_t s : {1, 2}) {
        // TensorFlow SAME at stride 2: nothing above/left, the rest below/right.
        Check(DwGeo(1, 3, 14, 14, k, s, 0, 0, k / 2, k / 2), 2, isa, seed++);
        Check(DwGeo(1, 3, 15, 29, k, s, k / 2, 0, k / 2, k - 1), 4, isa, seed++, false);
        Check(DwGeo(2, 5, 9, 18, k, s, 1, 2, 2, 1), 1, isa, seed++);
        // Padding wider than the kernel reach: whole border rows / columns are bias only.
        Check(DwGeo(1, 2, 4, 6, k, s, k, k, k, k), 0, isa, seed++);
        // Wide rows: several interior vectors between the borders.
        Check(DwGeo(1, 2, 7, 112, k, s, k / 2, k / 2, k / 2, k / 2), 3, isa, seed++, false);
      }
  }
}

TEST_CASE("x86 dwconv: two threads with row bands, post function", "[x86][dwconv]") {
#ifdef _OPENMP
  const int saved = omp_get_max_threads();
  omp_set_num_threads(2);
#endif
  for (Isa isa : test::SupportedIsas(false)) {
    uint32_t seed = 200;
    for (int64_t k : {3, 5})
      for (int64_t s : {1, 2}) {
        Check(DwGeo(1, 1, 75, 70, k, s, 1, 1, 1, 1), 1, isa, seed++, true, true);   // one plane: split in bands
        Check(DwGeo(1, 3, 41, 37, k, s, 2, 2, 2, 2), 4, isa, seed++, false, true);  // few planes
        Check(DwGeo(1, 24, 30, 30, k, s, 1, 1, 1, 1), 2, isa, seed++);             // split by planes
      }
  }
#ifdef _OPENMP
  omp_set_num_threads(saved);
#endif
}

TEST_CASE("x86 dwconv: what the kernels claim and their names", "[x86][dwconv]") {
  for (Isa isa : test::SupportedIsas(false)) {
    const ConvGeometry ok = DwGeo(1, 8, 9, 9, 3, 2, 1, 1, 1, 1);
    REQUIRE(x86::DepthwiseKernelSupported(ok, isa));
    REQUIRE(std::string(x86::DepthwiseKernelName(ok, isa)) ==
            (isa == Isa::kAvx512 ? "dw3x3s2 avx512" : "dw3x3s2 avx2"));
    REQUIRE(std::string(x86::DepthwiseKernelName(DwGeo(1, 8, 9, 9, 5, 1, 2, 2, 2, 2), isa)) ==
            (isa == Isa::kAvx512 ? "dw5x5s1 avx512" : "dw5x5s1 avx2"));
    ConvGeometry g = ok;
    g.dilation_h = g.dilation_w = 2;
    REQUIRE_FALSE(x86::DepthwiseKernelSupported(g, isa));
    REQUIRE(std::string(x86::DepthwiseKernelName(g, isa)) == "dw ref");
    g = DwGeo(1, 8, 9, 9, 7, 1, 3, 3, 3, 3);  // 7x7
    REQUIRE_FALSE(x86::DepthwiseKernelSupported(g, isa));
    g = DwGeo(1, 8, 9, 9, 3, 3, 1, 1, 1, 1);  // stride 3
    REQUIRE_FALSE(x86::DepthwiseKernelSupported(g, isa));
    g = ok;
    g.stride_w = 1;  // unequal strides
    REQUIRE_FALSE(x86::DepthwiseKernelSupported(g, isa));
    g = ok;
    g.out_c = 16;  // channel multiplier 2: not depthwise in this sense
    REQUIRE_FALSE(x86::DepthwiseKernelSupported(g, isa));
  }
  REQUIRE_FALSE(x86::DepthwiseKernelSupported(DwGeo(1, 8, 9, 9, 3, 1, 1, 1, 1, 1), Isa::kGeneric));
}
