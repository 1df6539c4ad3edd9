// Comparison family: bool outputs with numpy broadcasting, against plain loops.
#include <catch2/catch.hpp>

#include <functional>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("comparisons broadcast and match plain loops", "[op][compare]") {
  const std::vector<std::pair<std::string, std::function<bool(float, float)>>> ops = {
      {"equal", [](float a, float b) { return a == b; }},      {"not_equal", [](float a, float b) { return a != b; }},
      {"less_than", [](float a, float b) { return a < b; }},   {"less_equal", [](float a, float b) { return a <= b; }},
      {"greater_than", [](float a, float b) { return a > b; }}, {"greater_equal", [](float a, float b) { return a >= b; }}};
  // Small integers so that equality happens.
  Tensor y = MakeTensor({3, 1}, {1, 2, 3});
  std::vector<float> xv(24);
  for (int i = 0; i < 24; ++i) xv[static_cast<size_t>(i)] = static_cast<float>(i % 5);
  Tensor x = MakeTensor({2, 3, 4}, xv);
  for (const auto& op : ops) {
    INFO(op.first);
    OpRunner r(op.first);
    r.In("X", "x", x).In("Y", "y", y).Out("Out", "z");
    REQUIRE(r.Run().ok());
    const Tensor& z = r.Get("z");
    REQUIRE(z.dtype() == DataType::kBool);
    CHECK(z.dims() == DDim({2, 3, 4}));
    for (int i = 0; i < 24; ++i) {
      int row = (i / 4) % 3;
      CHECK(z.data<bool>()[i] == op.second(xv[static_cast<size_t>(i)], static_cast<float>(row + 1)));
    }
  }
}

TEST_CASE("comparisons on int64 and mismatched dtypes", "[op][compare]") {
  OpRunner r("equal");
  r.In("X", "x", MakeTypedTensor<int64_t>({3}, {1, 5, 7})).In("Y", "y", MakeTypedTensor<int64_t>({1}, {5})).Out("Out", "z");
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("z")) == std::vector<float>{0, 1, 0});
  OpRunner bad("less_than");
  bad.In("X", "x", RandomTensor({3}, 1)).In("Y", "y", MakeTypedTensor<int64_t>({1}, {5})).Out("Out", "z");
  CHECK_FALSE(bad.Run().ok());
  OpRunner shapes("equal");
  shapes.In("X", "x", RandomTensor({3}, 1)).In("Y", "y", RandomTensor({4}, 2)).Out("Out", "z");
  Status s = shapes.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("broadcast") != std::string::npos);
}

TEST_CASE("logical_and/or/xor on bool with broadcasting", "[op][compare]") {
  Tensor a(DataType::kBool, DDim({2, 2})), b(DataType::kBool, DDim({2}));
  bool* av = a.mutable_data<bool>();
  bool* bv = b.mutable_data<bool>();
  av[0] = false, av[1] = true, av[2] = false, av[3] = true;
  bv[0] = false, bv[1] = true;
  const std::vector<std::pair<std::string, std::vector<float>>> cases = {
      {"logical_and", {0, 1, 0, 1}}, {"logical_or", {0, 1, 0, 1}}, {"logical_xor", {0, 0, 0, 0}}};
  // a = [[0,1],[0,1]], b = [0,1]: and = [0,1,0,1], or = [0,1,0,1], xor = [0,0,0,0]
  for (const auto& c : cases) {
    INFO(c.first);
    OpRunner r(c.first);
    r.In("X", "x", a).In("Y", "y", b).Out("Out", "z");
    REQUIRE(r.Run().ok());
    CHECK(ToVector(r.Get("z")) == c.second);
  }
  bv[0] = true, bv[1] = false;  // b = [1,0]: and = [0,0,0,0], or = [1,1,1,1], xor = [1,1,1,1]
  const std::vector<std::pair<std::string, std::vector<float>>> cases2 = {
      {"logical_and", {0, 0, 0, 0}}, {"logical_or", {1, 1, 1, 1}}, {"logical_xor", {1, 1, 1, 1}}};
  for (const auto& c : cases2) {
    OpRunner r(c.first);
    r.In("X", "x", a).In("Y", "y", b).Out("Out", "z");
    REQUIRE(r.Run().ok());
    CHECK(ToVector(r.Get("z")) == c.second);
  }
  OpRunner bad("logical_and");
  bad.In("X", "x", RandomTensor({2}, 1)).In("Y", "y", RandomTensor({2}, 2)).Out("Out", "z");
  CHECK_FALSE(bad.Run().ok());
}
