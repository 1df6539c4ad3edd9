// x86::ActivationArray: every ActivationType on every ISA variant this machine runs (generic = the
// portable loop, avx2, avx512), against plain formulas written here in double, over lengths around the
// vector widths (tails), unaligned starts, in place, and guard floats after the end that must stay
// untouched. Tolerance: |got - want| <= 2e-6 |want| + 1e-6 (vmath_x86.h's ulp bounds, plus the formula's
// own float rounding, e.g. gelu's 1 + tanh near -3). The types with no transcendental part (relu, relu6,
// leaky_relu, hard_swish, clip, abs, sqrt, softsign, thresholded_relu, none) must equal the portable
// loop bit for bit, NaN, +-inf and -0 included.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <vector>

#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/x86/activation_x86.h"

using namespace ember;
using ember::x86::Isa;
using T = ActivationType;

namespace {

struct Case {
  ActivationSpec spec;
  std::function<double(double)> f;
  float lo, hi;
  bool exact;  // bitwise equal to the portable loop
};

ActivationSpec Spec(T t, float a = 0, float b = 0, float c = 0) {
  ActivationSpec s;
  s.type = t;
  s.a = a;
  s.b = b;
  s.c = c;
  return s;
}

double Sig(double v) { return 1 / (1 + std::exp(-v)); }

std::vector<Case> Cases() {
  return {
      {Spec(T::kNone), [](double v) { return v; }, -5, 5, true},
      {Spec(T::kRelu), [](double v) { return v > 0 ? v : 0; }, -5, 5, true},
      {Spec(T::kRelu6, 6), [](double v) { return std::min(std::max(v, 0.0), 6.0); }, -3, 9, true},
      {Spec(T::kLeakyRelu, 0.1f), [](double v) { return v > 0 ? v : double(0.1f) * v; }, -5, 5, true},
      {Spec(T::kSigmoid), Sig, -30, 30, false},
      {Spec(T::kTanh), [](double v) { return std::tanh(v); }, -12, 12, false},
      {Spec(T::kSwish, 1), [](double v) { return v * Sig(v); }, -20, 20, false},
      {Spec(T::kSwish, 1.7f), [](double v) { return v * Sig(double(1.7f) * v); }, -10, 10, false},
      {Spec(T::kHardSwish, 6, 6, 3), [](double v) { return v * std::min(std::max(v + 3, 0.0), 6.0) / 6; }, -6, 6,
       true},
      {Spec(T::kHardSigmoid, 0.2f, 0.5f),
       [](double v) { return std::min(std::max(double(0.2f) * v + 0.5, 0.0), 1.0); }, -5, 5, false},
      {Spec(T::kGelu), [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }, -5, 5, false},
      {Spec(T::kGeluTanh),
       [](double v) { return 0.5 * v * (1 + std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v))); }, -5, 5,
       false},
      {Spec(T::kExp), [](double v) { return std::exp(v); }, -80, 80, false},
      {Spec(T::kLog), [](double v) { return std::log(v); }, 0.01f, 100, false},
      {Spec(T::kSqrt), [](double v) { return std::sqrt(v); }, 0, 100, true},
      {Spec(T::kAbs), [](double v) { return std::fabs(v); }, -5, 5, true},
      {Spec(T::kPow, 2), [](double v) { return v * v; }, -5, 5, false},
      {Spec(T::kScale, 2.5f, -1), [](double v) { return 2.5 * v - 1; }, -5, 5, false},
      {Spec(T::kScaleBiasFirst, 2.5f, -1), [](double v) { return 2.5 * (v - 1); }, -5, 5, false},
      {Spec(T::kClip, -0.5f, 1.25f), [](double v) { return std::min(std::max(v, -0.5), 1.25); }, -3, 3, true},
      {Spec(T::kErf), [](double v) { return std::erf(v); }, -3, 3, false},
      {Spec(T::kElu, 1), [](double v) { return v > 0 ? v : std::expm1(v); }, -20, 5, false},
      {Spec(T::kElu, 0.3f), [](double v) { return v > 0 ? v : double(0.3f) * std::expm1(v); }, -5, 5, false},
      {Spec(T::kSelu, 1.6732632423543772f, 1.0507009873554805f),
       [](double v) { return double(1.0507009873554805f) * (v > 0 ? v : double(1.6732632423543772f) * std::expm1(v)); },
       -8, 8, false},
      {Spec(T::kSoftplus, 1, 20), [](double v) { return v > 20 ? v : std::log1p(std::exp(v)); }, -10, 30, false},
      {Spec(T::kSoftsign), [](double v) { return v / (1 + std::fabs(v)); }, -50, 50, true},
      {Spec(T::kCelu, 2), [](double v) { return std::max(v, 0.0) + std::min(2 * std::expm1(v / 2), 0.0); }, -10, 5,
       false},
      {Spec(T::kThresholdedRelu, 0.5f), [](double v) { return v > 0.5 ? v : 0; }, -3, 3, true},
  };
}

std::vector<Isa> Isas() {
  std::vector<Isa> v;
  for (Isa i : {Isa::kGeneric, Isa::kAvx2, Isa::kAvx512})
    if (x86::IsaSupported(i)) v.push_back(i);
  return v;
}

bool SameBits(float a, float b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

TEST_CASE("x86 ActivationArray: every type and ISA variant against plain formulas", "[x86][act]") {
  std::mt19937 rng(7);
  int checked = 0;
  for (const Case& c : Cases()) {
    for (Isa isa : Isas()) {
      for (int64_t n : {0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 100, 1001}) {
        for (int offset : {0, 1}) {
          std::uniform_real_distribution<float> d(c.lo, c.hi);
          std::vector<float> x(static_cast<size_t>(n + offset + 4));
          for (auto& v : x) v = d(rng);
          std::vector<float> y(x.size(), -12345.f);
          x86::ActivationArray(c.spec, x.data() + offset, y.data() + offset, n, isa);
          int bad = 0;
          for (int64_t i = 0; i < n; ++i) {
            const float in = x[static_cast<size_t>(i + offset)], got = y[static_cast<size_t>(i + offset)];
            const double want = c.f(in);
            if (!(std::fabs(got - want) <= 2e-6 * std::fabs(want) + 1e-6) && bad++ < 3)
              UNSCOPED_INFO("x = " << in << ": got " << got << ", want " << want);
          }
          for (size_t i = static_cast<size_t>(n + offset); i < y.size(); ++i)
            if (y[i] != -12345.f && bad++ < 3) UNSCOPED_INFO("wrote past the end at " << i);
          if (offset == 1 && y[0] != -12345.f && bad++ < 3) UNSCOPED_INFO("wrote before the start");
          // In place gives the same values.
          std::vector<float> z(x.begin() + offset, x.begin() + offset + n);
          x86::ActivationArray(c.spec, z.data(), z.data(), n, isa);
          for (int64_t i = 0; i < n; ++i)
            if (!SameBits(z[static_cast<size_t>(i)], y[static_cast<size_t>(i + offset)]) && bad++ < 3)
              UNSCOPED_INFO("in place differs at " << i);
          INFO("type " << static_cast<int>(c.spec.type) << " on " << x86::IsaName(isa) << ", n = " << n
                       << ", offset " << offset << ", kernel " << x86::ActivationKernelName(c.spec, isa));
          REQUIRE(bad == 0);
          ++checked;
        }
      }
    }
  }
  CHECK(checked > 1000);
}

TEST_CASE("x86 ActivationArray: exact types equal the portable loop bit for bit, specials included",
          "[x86][act]") {
  std::vector<float> x = {0.f, -0.f, INFINITY, -INFINITY, NAN, 1e-40f, -1e-40f, 3.4e38f, -3.4e38f, 0.5f, -0.5f,
                          6.f, 6.0000005f, -3.f, 1.25f, 100.f, -7.f};
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> d(-10, 10);
  while (x.size() < 53) x.push_back(d(rng));
  for (const Case& c : Cases()) {
    if (!c.exact) continue;
    std::vector<float> want(x.size());
    ActivationCompute(c.spec, x.data(), want.data(), static_cast<int64_t>(x.size()));
    for (Isa isa : Isas()) {
      std::vector<float> got(x.size());
      x86::ActivationArray(c.spec, x.data(), got.data(), static_cast<int64_t>(x.size()), isa);
      for (size_t i = 0; i < x.size(); ++i) {
        INFO("type " << static_cast<int>(c.spec.type) << " on " << x86::IsaName(isa) << " x = " << x[i]);
        REQUIRE(SameBits(got[i], want[i]));
      }
    }
  }
}

TEST_CASE("x86 ActivationArray: transcendental types keep NaN and saturate at +-inf", "[x86][act]") {
  for (Isa isa : Isas()) {
    for (T t : {T::kSigmoid, T::kTanh, T::kExp, T::kSwish, T::kElu, T::kGeluTanh}) {
      const float x[] = {NAN, INFINITY, -INFINITY, 1e30f, -1e30f};
      float y[5];
      x86::ActivationArray(Spec(t, 1.f, 1.f), x, y, 5, isa);
      INFO("type " << static_cast<int>(t) << " on " << x86::IsaName(isa));
      CHECK(std::isnan(y[0]));
      const float pinf = ApplyActivation(Spec(t, 1.f, 1.f), INFINITY);
      if (!std::isnan(pinf)) CHECK(y[1] == pinf);
      CHECK(y[3] == ApplyActivation(Spec(t, 1.f, 1.f), 1e30f));
      CHECK(y[4] == ApplyActivation(Spec(t, 1.f, 1.f), -1e30f));
    }
  }
}

TEST_CASE("x86 ActivationArray: a large array takes the parallel path", "[x86][act]") {
  std::vector<float> x(200003), y(x.size());
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 2001) * 0.01f - 10.f;
  for (Isa isa : Isas()) {
    x86::ActivationArray(Spec(T::kSigmoid), x.data(), y.data(), static_cast<int64_t>(x.size()), isa);
    int bad = 0;
    for (size_t i = 0; i < x.size(); ++i)
      if (!(std::fabs(y[i] - Sig(x[i])) <= 1e-6 * Sig(x[i]) + 1e-7)) ++bad;
    INFO(x86::IsaName(isa));
    CHECK(bad == 0);
  }
}

TEST_CASE("x86 ActivationArray: kernel names", "[x86][act]") {
  CHECK(std::string(x86::ActivationKernelName(Spec(T::kSigmoid), Isa::kGeneric)) == "portable");
  CHECK(std::string(x86::ActivationKernelName(Spec(T::kLog), Isa::kAvx2)) == "portable");
  if (x86::IsaSupported(Isa::kAvx512))
    CHECK(std::string(x86::ActivationKernelName(Spec(T::kSigmoid), Isa::kAvx512)) == "avx512 vec");
  if (x86::IsaSupported(Isa::kAvx2))
    CHECK(std::string(x86::ActivationKernelName(Spec(T::kSwish, 1), Isa::kAvx2)) == "avx2 vec");
}
