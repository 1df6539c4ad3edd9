// unary_op family against the C library formulas, over sizes around SIMD widths.
#include <catch2/catch.hpp>

#include <cmath>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("unary ops match the C library", "[op][unary]") {
  struct Case { const char* type; double (*f)(double); float lo, hi; };
  const Case cases[] = {
      {"floor", [](double x) { return std::floor(x); }, -5.f, 5.f},
      {"ceil", [](double x) { return std::ceil(x); }, -5.f, 5.f},
      {"round", [](double x) { return std::nearbyint(x); }, -5.f, 5.f},
      {"trunc", [](double x) { return std::trunc(x); }, -5.f, 5.f},
      {"square", [](double x) { return x * x; }, -3.f, 3.f},
      {"rsqrt", [](double x) { return 1.0 / std::sqrt(x); }, 0.1f, 4.f},
      {"reciprocal", [](double x) { return 1.0 / x; }, 0.2f, 4.f},
      {"sin", [](double x) { return std::sin(x); }, -3.f, 3.f},
      {"cos", [](double x) { return std::cos(x); }, -3.f, 3.f},
      {"tan", [](double x) { return std::tan(x); }, -1.f, 1.f},
      {"asin", [](double x) { return std::asin(x); }, -0.99f, 0.99f},
      {"acos", [](double x) { return std::acos(x); }, -0.99f, 0.99f},
      {"atan", [](double x) { return std::atan(x); }, -4.f, 4.f},
      {"log10", [](double x) { return std::log10(x); }, 0.1f, 100.f},
      {"sinh", [](double x) { return std::sinh(x); }, -3.f, 3.f},
      {"cosh", [](double x) { return std::cosh(x); }, -3.f, 3.f},
      {"asinh", [](double x) { return std::asinh(x); }, -4.f, 4.f},
      {"acosh", [](double x) { return std::acosh(x); }, 1.f, 5.f},
      {"atanh", [](double x) { return std::atanh(x); }, -0.9f, 0.9f},
      {"sign", [](double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }, -2.f, 2.f},
  };
  for (const Case& c : cases) {
    for (int64_t n : {1, 7, 8, 9, 16, 17, 33}) {
      Tensor x = RandomTensor(DDim({1, n}), static_cast<uint32_t>(n), c.lo, c.hi);
      OpRunner op(c.type);
      op.In("X", "x", x).Out("Out", "y");
      Status s = op.Run();
      INFO(c.type << " n=" << n << ": " << s.message());
      REQUIRE(s.ok());
      std::vector<float> xv = ToVector(x), want(xv.size());
      for (size_t i = 0; i < xv.size(); ++i) want[i] = static_cast<float>(c.f(xv[i]));
      CHECK(op.Get("y").dims() == x.dims());
      CHECK(AllClose(ToVector(op.Get("y")), want, 1e-6f, 1e-5f));
    }
  }
  // Half-way cases round to even.
  OpRunner r("round");
  r.In("X", "x", MakeTensor({4}, {0.5f, 1.5f, 2.5f, -0.5f})).Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("y")) == std::vector<float>{0.f, 2.f, 2.f, -0.f});
  // Non-float input is rejected.
  OpRunner bad("floor");
  bad.In("X", "x", MakeTypedTensor<int32_t>({2}, {1, 2})).Out("Out", "y");
  CHECK_FALSE(bad.Run().ok());
}
