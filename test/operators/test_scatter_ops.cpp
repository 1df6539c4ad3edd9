// put_along_axis, scatter_nd, gather_nd, one_hot and isinf_v2 / isnan_v2 against small cases worked out by
// hand here (ONNX's outputs check them again in the conformance test).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <tuple>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("put_along_axis scatters along an axis with each reduction", "[op][scatter]") {
  Tensor x = MakeTensor({2, 3}, {1, 2, 3, 4, 5, 6});
  Tensor idx = MakeTypedTensor<int64_t>({2, 2}, {2, 0, -1, 2});  // -1: the last column
  Tensor v = MakeTensor({2, 2}, {10, 20, 30, 40});
  const std::vector<std::pair<const char*, std::vector<float>>> cases = {
      {"assign", {20, 2, 10, 4, 5, 40}},   // row 1: 30 then 40 into column 2, the last one stays
      {"add", {21, 2, 13, 4, 5, 76}},
      {"mul", {20, 2, 30, 4, 5, 7200}},
      {"amax", {20, 2, 10, 4, 5, 40}},
      {"amin", {1, 2, 3, 4, 5, 6}}};
  for (const auto& c : cases) {
    INFO(c.first);
    OpRunner r("put_along_axis");
    r.In("Input", "x", x).In("Index", "i", idx).In("Value", "v", v).Out("Result", "y")
        .Attr("Axis", Attribute::Int(1)).Attr("Reduce", Attribute::String(c.first));
    REQUIRE(r.Run().ok());
    CHECK(ToVector(r.Get("y")) == c.second);
  }
  OpRunner bad("put_along_axis");
  bad.In("Input", "x", x).In("Index", "i", MakeTypedTensor<int64_t>({1, 1}, {3})).In("Value", "v", MakeTensor({1}, {1}))
      .Out("Result", "y").Attr("Axis", Attribute::Int(1));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("out of range") != std::string::npos);
}

TEST_CASE("scatter_nd and gather_nd address slices by index tuples", "[op][scatter]") {
  Tensor x = MakeTensor({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  OpRunner s("scatter_nd");  // tuples of 2 address rows of 2; the second row index is negative
  s.In("X", "x", x).In("Index", "i", MakeTypedTensor<int64_t>({2, 2}, {0, 1, 1, -2}))
      .In("Updates", "u", MakeTensor({2, 2}, {10, 20, 30, 40})).Out("Out", "y")
      .Attr("reduction", Attribute::String("add"));
  REQUIRE(s.Run().ok());
  CHECK(ToVector(s.Get("y")) == std::vector<float>({1, 2, 13, 24, 35, 46, 7, 8}));
  OpRunner g("gather_nd");  // tuples of 1 address whole [2, 2] blocks
  g.In("X", "x", x).In("Index", "i", MakeTypedTensor<int32_t>({2, 1}, {1, 0})).Out("Out", "y");
  REQUIRE(g.Run().ok());
  CHECK(g.Get("y").dims() == DDim({2, 2, 2}));
  CHECK(ToVector(g.Get("y")) == std::vector<float>({5, 6, 7, 8, 1, 2, 3, 4}));
  OpRunner b("gather_nd");  // batch_dims 1: batch n picks X[n][tuple]
  b.In("X", "x", x).In("Index", "i", MakeTypedTensor<int64_t>({2, 1, 2}, {1, 0, 0, 1})).Out("Out", "y")
      .Attr("batch_dims", Attribute::Int(1));
  REQUIRE(b.Run().ok());
  CHECK(b.Get("y").dims() == DDim({2, 1}));
  CHECK(ToVector(b.Get("y")) == std::vector<float>({3, 6}));
}

TEST_CASE("one_hot inserts the depth dim at the axis; isinf_v2 / isnan_v2 mark elements", "[op][one_hot]") {
  OpRunner r("one_hot");
  r.In("Indices", "i", MakeTypedTensor<int64_t>({3}, {0, -1, 5})).In("Depth", "d", MakeTensor({1}, {3}))
      .In("Values", "v", MakeTypedTensor<int32_t>({2}, {-1, 7})).Out("Out", "y").Attr("axis", Attribute::Int(0));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({3, 3}));
  const int32_t* y = r.Get("y").data<int32_t>();  // [depth, index]: 0 -> row 0, -1 -> row 2, 5 -> none
  CHECK(std::vector<int32_t>(y, y + 9) == std::vector<int32_t>({7, -1, -1, -1, -1, -1, -1, 7, -1}));
  const float inf = std::numeric_limits<float>::infinity();
  Tensor x = MakeTensor({4}, {1.f, inf, -inf, std::nanf("")});
  OpRunner i("isinf_v2");
  i.In("X", "x", x).Out("Out", "y").Attr("detect_negative", Attribute::Bool(false));
  REQUIRE(i.Run().ok());
  CHECK(std::vector<bool>(i.Get("y").data<bool>(), i.Get("y").data<bool>() + 4) ==
        std::vector<bool>({false, true, false, false}));
  OpRunner n("isnan_v2");
  n.In("X", "x", x).Out("Out", "y");
  REQUIRE(n.Run().ok());
  CHECK(n.Get("y").data<bool>()[3]);
  CHECK_FALSE(n.Get("y").data<bool>()[1]);
}

TEST_CASE("unique: sorted or by first appearance, flattened or along an axis, with indices / inverse / counts",
          "[op][unique]") {
  auto run = [](const Tensor& x, bool sorted, int64_t axis, bool has_axis) {
    OpRunner r("unique");
    r.In("X", "x", x).Out("Out", "y").Out("Indices", "i").Out("Inverse", "v").Out("Counts", "c")
        .Attr("sorted", Attribute::Bool(sorted)).Attr("axis", Attribute::Int(axis))
        .Attr("has_axis", Attribute::Bool(has_axis));
    REQUIRE(r.Run().ok());
    auto ints = [&](const char* n) {
      return std::vector<int64_t>(r.Get(n).data<int64_t>(), r.Get(n).data<int64_t>() + r.Get(n).numel());
    };
    return std::make_tuple(ToVector(r.Get("y")), ints("i"), ints("v"), ints("c"), r.Get("y").dims());
  };
  Tensor x = MakeTensor({6}, {2, 1, 1, 3, 4, 3});
  auto s = run(x, true, 0, false);
  CHECK(std::get<0>(s) == std::vector<float>({1, 2, 3, 4}));
  CHECK(std::get<1>(s) == std::vector<int64_t>({1, 0, 3, 4}));
  CHECK(std::get<2>(s) == std::vector<int64_t>({1, 0, 0, 2, 3, 2}));
  CHECK(std::get<3>(s) == std::vector<int64_t>({2, 1, 2, 1}));
  auto f = run(x, false, 0, false);
  CHECK(std::get<0>(f) == std::vector<float>({2, 1, 3, 4}));
  CHECK(std::get<2>(f) == std::vector<int64_t>({0, 1, 1, 2, 3, 2}));
  auto rows = run(MakeTensor({3, 2}, {1, 0, 0, 1, 1, 0}), true, 0, true);  // rows [0, 1] < [1, 0]
  CHECK(std::get<4>(rows) == DDim({2, 2}));
  CHECK(std::get<0>(rows) == std::vector<float>({0, 1, 1, 0}));
  CHECK(std::get<3>(rows) == std::vector<int64_t>({1, 2}));
}
