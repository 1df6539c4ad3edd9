// elementwise_* against ref::ElementwiseBroadcast, with each case's broadcast written out by hand (X's and
// Y's dims aligned to Out's rank), so the op's alignment logic is checked independently.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <limits>

#include "operators/kernel/central-arm-func/elementwise_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct BroadcastCase {
  std::vector<int64_t> x, y;
  int64_t axis;
  std::vector<int64_t> out, x_aligned, y_aligned;
};

struct OpCase {
  const char* type;
  std::function<float(float, float)> fn;
  float x_lo, x_hi, y_lo, y_hi;  // ranges that keep div and pow finite
};

const std::vector<OpCase>& AllOps() {
  static const std::vector<OpCase> ops = {
      {"elementwise_add", [](float a, float b) { return a + b; }, -1, 1, -1, 1},
      {"elementwise_sub", [](float a, float b) { return a - b; }, -1, 1, -1, 1},
      {"elementwise_mul", [](float a, float b) { return a * b; }, -1, 1, -1, 1},
      {"elementwise_div", [](float a, float b) { return a / b; }, -1, 1, 0.5f, 2},
      {"elementwise_max", [](float a, float b) { return a > b ? a : b; }, -1, 1, -1, 1},
      {"elementwise_min", [](float a, float b) { return a < b ? a : b; }, -1, 1, -1, 1},
      {"elementwise_pow", [](float a, float b) { return std::pow(a, b); }, 0.1f, 2, -2, 2},
  };
  return ops;
}

void CheckCase(const OpCase& op, const BroadcastCase& c, uint32_t seed) {
  INFO(op.type << " X " << DDim(c.x).ToString() << " Y " << DDim(c.y).ToString() << " axis " << c.axis);
  Tensor x = RandomTensor(DDim(c.x), seed, op.x_lo, op.x_hi);
  Tensor y = RandomTensor(DDim(c.y), seed + 1, op.y_lo, op.y_hi);
  OpRunner r(op.type);
  r.In("X", "x", x).In("Y", "y", y).Out("Out", "out").Attr("axis", Attribute::Int(c.axis));
  Status s = r.Run();
  REQUIRE(s.ok());
  REQUIRE(r.Get("out").dims() == DDim(c.out));
  std::vector<float> want(static_cast<size_t>(DDim(c.out).numel()));
  ref::ElementwiseBroadcast(c.out, c.x_aligned, c.y_aligned, x.data<float>(), y.data<float>(), want.data(), op.fn);
  std::string why;
  CHECK(AllClose(ToVector(r.Get("out")), want, 1e-6f, 1e-6f, &why));
  INFO(why);
}

std::vector<BroadcastCase> Cases() {
  std::vector<BroadcastCase> cs = {
      {{2, 3, 4, 5}, {2, 3, 4, 5}, -1, {2, 3, 4, 5}, {2, 3, 4, 5}, {2, 3, 4, 5}},  // same shape
      {{3, 4, 5}, {3}, 0, {3, 4, 5}, {3, 4, 5}, {3, 1, 1}},                         // axis 0
      {{3, 4, 5}, {3, 4}, 0, {3, 4, 5}, {3, 4, 5}, {3, 4, 1}},
      {{2, 3, 4}, {4}, -1, {2, 3, 4}, {2, 3, 4}, {1, 1, 4}},                        // axis -1
      {{2, 3, 4}, {3, 4}, -1, {2, 3, 4}, {2, 3, 4}, {1, 3, 4}},
      {{2, 3, 4}, {1}, -1, {2, 3, 4}, {2, 3, 4}, {1, 1, 1}},                        // scalar
      {{2, 3, 4}, {1}, 0, {2, 3, 4}, {2, 3, 4}, {1, 1, 1}},
      {{2, 3, 4}, {4, 1}, 2, {2, 3, 4}, {2, 3, 4}, {1, 1, 4}},                      // trailing 1 trimmed
      {{2, 3, 4, 5}, {3, 1}, 1, {2, 3, 4, 5}, {2, 3, 4, 5}, {1, 3, 1, 1}},
      {{2, 1, 4}, {3, 1}, -1, {2, 3, 4}, {2, 1, 4}, {1, 3, 1}},                     // numpy, both sides
      {{2, 3, 1, 5}, {2, 3, 4, 5}, -1, {2, 3, 4, 5}, {2, 3, 1, 5}, {2, 3, 4, 5}},
      {{4}, {2, 3, 4}, -1, {2, 3, 4}, {1, 1, 4}, {2, 3, 4}},                        // rank(Y) > rank(X)
      {{3}, {2, 3, 4}, 1, {2, 3, 4}, {1, 3, 1}, {2, 3, 4}},
      {{1}, {5, 2}, -1, {5, 2}, {1, 1}, {5, 2}},                                    // scalar X
      {{2, 1, 3}, {1, 1}, -1, {2, 1, 3}, {2, 1, 3}, {1, 1, 1}},
  };
  for (int64_t c : {1, 3, 4, 8, 9, 16, 17, 33})  // per-channel vector of NCHW
    cs.push_back({{2, c, 3, 5}, {c}, 1, {2, c, 3, 5}, {2, c, 3, 5}, {1, c, 1, 1}});
  for (int64_t w : {1, 7, 15, 31, 32})  // last-dim vector
    cs.push_back({{3, 2, w}, {w}, -1, {3, 2, w}, {3, 2, w}, {1, 1, w}});
  return cs;
}

}  // namespace

TEST_CASE("elementwise ops broadcast like Paddle", "[op][elementwise]") {
  uint32_t seed = 1;
  for (const OpCase& op : AllOps())
    for (const BroadcastCase& c : Cases()) CheckCase(op, c, seed++);
}

TEST_CASE("elementwise ops on large tensors (threaded paths)", "[op][elementwise]") {
  const OpCase& add = AllOps()[0];
  const OpCase& div = AllOps()[3];
  CheckCase(add, {{70001}, {70001}, -1, {70001}, {70001}, {70001}}, 7);
  CheckCase(div, {{70001}, {1}, -1, {70001}, {70001}, {1}}, 8);
  CheckCase(add, {{2, 16, 48, 48}, {16}, 1, {2, 16, 48, 48}, {2, 16, 48, 48}, {1, 16, 1, 1}}, 9);
  CheckCase(div, {{64, 33, 40}, {64, 1, 40}, -1, {64, 33, 40}, {64, 33, 40}, {64, 1, 40}}, 10);
}

TEST_CASE("elementwise ops on int32 and int64", "[op][elementwise]") {
  SECTION("int32 division truncates toward zero, with a per-channel divisor") {
    OpRunner r("elementwise_div");
    r.In("X", "x", MakeTypedTensor<int32_t>({2, 3}, {7, -7, 9, 8, -1, 0}))
        .In("Y", "y", MakeTypedTensor<int32_t>({3}, {2, 2, -4}))
        .Out("Out", "out");
    REQUIRE(r.Run().ok());
    const Tensor& o = r.Get("out");
    REQUIRE(o.dtype() == DataType::kInt32);
    std::vector<int32_t> got(o.data<int32_t>(), o.data<int32_t>() + 6);
    CHECK(got == std::vector<int32_t>({3, -3, -2, 4, 0, 0}));
  }
  SECTION("int64 add, sub, mul with axis 0") {
    const std::vector<int64_t> xs = {1, 2, 3, -4, 5, 6}, ys = {10, -3};
    for (const char* type : {"elementwise_add", "elementwise_sub", "elementwise_mul"}) {
      OpRunner r(type);
      r.In("X", "x", MakeTypedTensor<int64_t>({2, 3}, xs))
          .In("Y", "y", MakeTypedTensor<int64_t>({2}, ys))
          .Out("Out", "out")
          .Attr("axis", Attribute::Int(0));
      REQUIRE(r.Run().ok());
      const int64_t* o = r.Get("out").data<int64_t>();
      REQUIRE(o != nullptr);
      for (size_t i = 0; i < 6; ++i) {
        int64_t a = xs[i], b = ys[i / 3];
        int64_t want = std::string(type) == "elementwise_add" ? a + b
                       : std::string(type) == "elementwise_sub" ? a - b : a * b;
        CHECK(o[i] == want);
      }
    }
  }
  SECTION("int32 max and min") {
    OpRunner r("elementwise_max");
    r.In("X", "x", MakeTypedTensor<int32_t>({4}, {1, -5, 3, 0})).In("Y", "y", MakeTypedTensor<int32_t>({1}, {0}));
    r.Out("Out", "out");
    REQUIRE(r.Run().ok());
    std::vector<int32_t> got(r.Get("out").data<int32_t>(), r.Get("out").data<int32_t>() + 4);
    CHECK(got == std::vector<int32_t>({1, 0, 3, 0}));
  }
  SECTION("mod takes the divisor's sign (Python's %), fmod the dividend's (C's fmod)") {
    const std::vector<int64_t> xs = {7, -7, 7, -7, 0, std::numeric_limits<int64_t>::min()};
    const std::vector<int64_t> ys = {3, 3, -3, -3, 5, -1};
    auto run = [&](const char* type) {
      OpRunner r(type);
      r.In("X", "x", MakeTypedTensor<int64_t>({6}, xs)).In("Y", "y", MakeTypedTensor<int64_t>({6}, ys));
      r.Out("Out", "out");
      REQUIRE(r.Run().ok());
      return std::vector<int64_t>(r.Get("out").data<int64_t>(), r.Get("out").data<int64_t>() + 6);
    };
    CHECK(run("elementwise_mod") == std::vector<int64_t>({1, 2, -2, -1, 0, 0}));
    CHECK(run("elementwise_fmod") == std::vector<int64_t>({1, -1, 1, -1, 0, 0}));
    OpRunner f("elementwise_mod");  // floats, with a broadcast divisor
    f.In("X", "x", MakeTensor({4}, {5.5f, -5.5f, 2.f, -0.5f})).In("Y", "y", MakeTensor({1}, {-2.f})).Out("Out", "out");
    REQUIRE(f.Run().ok());
    CHECK(ToVector(f.Get("out")) == std::vector<float>({-0.5f, -1.5f, 0.f, -0.5f}));
    OpRunner zero("elementwise_mod");
    zero.In("X", "x", MakeTypedTensor<int32_t>({1}, {3})).In("Y", "y", MakeTypedTensor<int32_t>({1}, {0}));
    zero.Out("Out", "out");
    CHECK_FALSE(zero.Run().ok());
  }
  SECTION("bitwise and / or / xor of integers (broadcast); float32 is refused") {
    const std::vector<std::pair<const char*, std::vector<int32_t>>> cases = {
        {"bitwise_and", {0b1000, 0, -4}}, {"bitwise_or", {0b1110, 0b0110, -1}}, {"bitwise_xor", {0b0110, 0b0110, 3}}};
    for (const auto& c : cases) {
      OpRunner r(c.first);
      r.In("X", "x", MakeTypedTensor<int32_t>({3}, {0b1100, 0b0000, -1}))
          .In("Y", "y", MakeTypedTensor<int32_t>({3}, {0b1010, 0b0110, -4}));
      r.Out("Out", "out");
      REQUIRE(r.Run().ok());
      CHECK(std::vector<int32_t>(r.Get("out").data<int32_t>(), r.Get("out").data<int32_t>() + 3) == c.second);
    }
    OpRunner f("bitwise_and");
    f.In("X", "x", MakeTensor({1}, {1})).In("Y", "y", MakeTensor({1}, {1})).Out("Out", "out");
    CHECK_FALSE(f.Run().ok());
  }
  SECTION("integer division by zero is an error, not a trap") {
    OpRunner r("elementwise_div");
    r.In("X", "x", MakeTypedTensor<int32_t>({2}, {1, 2})).In("Y", "y", MakeTypedTensor<int32_t>({2}, {1, 0}));
    r.Out("Out", "out");
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("division by zero") != std::string::npos);
  }
  SECTION("elementwise_pow refuses integers") {
    OpRunner r("elementwise_pow");
    r.In("X", "x", MakeTypedTensor<int32_t>({2}, {1, 2})).In("Y", "y", MakeTypedTensor<int32_t>({2}, {1, 2}));
    r.Out("Out", "out");
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("int32") != std::string::npos);
  }
}

TEST_CASE("elementwise_add applies a fused activation", "[op][elementwise]") {
  Tensor x = RandomTensor({2, 5, 3}, 3), y = RandomTensor({5}, 4);
  OpRunner r("elementwise_add");
  r.In("X", "x", x).In("Y", "y", y).Out("Out", "out").Attr("axis", Attribute::Int(1));
  r.Attr("fuse_activation", Attribute::String("relu"));
  REQUIRE(r.Run().ok());
  std::vector<float> want(30);
  ref::ElementwiseBroadcast<float>({2, 5, 3}, {2, 5, 3}, {1, 5, 1}, x.data<float>(), y.data<float>(), want.data(),
                                   [](float a, float b) { return std::max(a + b, 0.f); });
  std::string why;
  CHECK(AllClose(ToVector(r.Get("out")), want, 0, 0, &why));
}

TEST_CASE("elementwise ops reject bad shapes, axes and dtypes", "[op][elementwise]") {
  auto run = [](const DDim& xd, const DDim& yd, int64_t axis) {
    OpRunner r("elementwise_add");
    r.In("X", "x", RandomTensor(xd, 1)).In("Y", "y", RandomTensor(yd, 2)).Out("Out", "out");
    r.Attr("axis", Attribute::Int(axis));
    return r.Run();
  };
  Status s = run({2, 3}, {4}, -1);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("do not broadcast") != std::string::npos);
  CHECK_FALSE(run({2, 3, 4}, {3}, 2).ok());     // Y's 3 against X's 4
  CHECK_FALSE(run({2, 3, 4}, {3, 4}, 2).ok());  // runs past X's last dim
  CHECK_FALSE(run({2, 3}, {2, 4}, -1).ok());
  s = run({2, 3, 4}, {3}, -2);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axis") != std::string::npos);
  s = run({2, 3}, {2, 3}, 2);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axis") != std::string::npos);

  OpRunner r("elementwise_mul");
  r.In("X", "x", RandomTensor({2}, 1)).In("Y", "y", MakeTypedTensor<int32_t>({2}, {1, 2})).Out("Out", "out");
  s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("Y") != std::string::npos);
}
