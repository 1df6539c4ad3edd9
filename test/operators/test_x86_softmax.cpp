// x86 softmax / log_softmax (softmax_x86.h) on every ISA variant this machine runs, against ref::Softmax
// (double, one position at a time), over X viewed as [outer, n, inner]: the last axis (inner = 1) with
// row lengths around 8/16 and odd ones, and a strided axis (axis 1 of NCHW) with inner sizes around the
// vector widths and the 256-position chunk. Tolerance: |got - want| <= 4e-6 |want| + 1e-7 for softmax
// (exp within 1 ulp, a reordered float sum, one division), 2e-6 |want| + 2e-6 for log_softmax.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <vector>

#include "operators/kernel/central-arm-func/softmax_func.h"
#include "operators/kernel/x86/softmax_x86.h"
#include "test_util.h"
#include "x86_test_util.h"

using namespace ember;
using ember::x86::Isa;

namespace {

void Check(Isa isa, int64_t outer, int64_t n, int64_t inner, bool log, float lo, float hi, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  const size_t total = static_cast<size_t>(outer * n * inner);
  std::vector<float> x(total), want(total), got(total + 3, 999.f);
  for (auto& v : x) v = d(rng);
  ref::Softmax(x.data(), want.data(), outer, n, inner, log);
  x86::SoftmaxX86(x.data(), got.data(), outer, n, inner, log, isa);
  int bad = 0;
  for (size_t i = 0; i < total; ++i) {
    const float tol = log ? 2e-6f * std::fabs(want[i]) + 2e-6f : 4e-6f * std::fabs(want[i]) + 1e-7f;
    if (!(std::fabs(got[i] - want[i]) <= tol) && bad++ < 3)
      UNSCOPED_INFO("y[" << i << "] = " << got[i] << ", want " << want[i]);
  }
  for (size_t i = total; i < got.size(); ++i)
    if (got[i] != 999.f && bad++ < 3) UNSCOPED_INFO("wrote past the output");
  INFO(x86::IsaName(isa) << " outer " << outer << " n " << n << " inner " << inner << " log " << log);
  REQUIRE(bad == 0);
}

}  // namespace

TEST_CASE("x86 softmax: last axis, every ISA variant against ref::Softmax", "[x86][softmax]") {
  uint32_t seed = 1;
  for (Isa isa : test::SupportedIsas(false))
    for (bool log : {false, true})
      for (int64_t n : {1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 100, 1000, 1001})
        for (int64_t outer : {1, 3, 40}) Check(isa, outer, n, 1, log, -8.f, 8.f, seed++);
}

TEST_CASE("x86 softmax: strided axis (axis 1 of NCHW), every ISA variant against ref::Softmax",
          "[x86][softmax]") {
  uint32_t seed = 100;
  for (Isa isa : test::SupportedIsas(false))
    for (bool log : {false, true})
      for (int64_t inner : {2, 3, 7, 8, 9, 15, 16, 17, 33, 255, 256, 257, 600})
        for (int64_t n : {1, 2, 5, 21}) Check(isa, 2, n, inner, log, -8.f, 8.f, seed++);
}

TEST_CASE("x86 softmax: large inputs, wide ranges and the threaded paths", "[x86][softmax]") {
  for (Isa isa : test::SupportedIsas(false)) {
    Check(isa, 2, 9, 1, false, -1000.f, 1000.f, 5);
    Check(isa, 2, 9, 17, false, -1000.f, 1000.f, 6);
    Check(isa, 1, 85, 169 * 4, false, -5.f, 5.f, 7);  // yolo-like [1, 85, 26, 26], axis 1
    Check(isa, 1000, 1000, 1, false, -5.f, 5.f, 8);   // 1M floats, threaded rows
    Check(isa, 1, 3, 100000, true, -50.f, 50.f, 9);
    // Rows of equal values: exactly uniform.
    std::vector<float> x(48, 3.f), y(48);
    x86::SoftmaxX86(x.data(), y.data(), 2, 24, 1, false, isa);
    for (float v : y) CHECK(std::fabs(v - 1.f / 24) <= 1e-7f);
  }
  CHECK(std::string(x86::SoftmaxKernelName(Isa::kGeneric)) == "portable");
}
