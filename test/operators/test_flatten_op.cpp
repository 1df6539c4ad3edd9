// flatten2 and flatten_contiguous_range: output shapes, XShape, data unchanged.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("flatten2 splits the dims at axis", "[op][flatten]") {
  Tensor x = RandomTensor({2, 3, 4, 5}, 3);
  const std::vector<DDim> want = {{1, 120}, {2, 60}, {6, 20}, {24, 5}, {120, 1}};
  for (int axis = 0; axis <= 4; ++axis) {
    OpRunner r("flatten2");
    r.In("X", "x", x).Out("Out", "y").Out("XShape", "xs").Attr("axis", Attribute::Int(axis));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dims() == want[static_cast<size_t>(axis)]);
    CHECK(ToVector(r.Get("y")) == ToVector(x));
    CHECK(r.Get("xs").dims() == DDim({0, 2, 3, 4, 5}));
  }
  OpRunner bad("flatten2");
  bad.In("X", "x", x).Out("Out", "y").Attr("axis", Attribute::Int(5));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axis") != std::string::npos);
}

TEST_CASE("flatten_contiguous_range merges start_axis..stop_axis", "[op][flatten]") {
  std::vector<int32_t> vals(2 * 3 * 4 * 5);
  for (size_t i = 0; i < vals.size(); ++i) vals[i] = static_cast<int32_t>(i * 7);
  Tensor x = MakeTypedTensor<int32_t>({2, 3, 4, 5}, vals);
  struct Case {
    int64_t start, stop;
    DDim want;
  };
  for (const Case& c : std::vector<Case>{{1, -1, {2, 60}}, {0, -1, {120}}, {1, 2, {2, 12, 5}}, {-2, -1, {2, 3, 20}},
                                         {2, 2, {2, 3, 4, 5}}, {0, 1, {6, 4, 5}}}) {
    OpRunner r("flatten_contiguous_range");
    r.In("X", "x", x).Out("Out", "y").Out("XShape", "xs").Attr("start_axis", Attribute::Int(c.start))
        .Attr("stop_axis", Attribute::Int(c.stop));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dims() == c.want);
    CHECK(r.Get("y").dtype() == DataType::kInt32);
    CHECK(ToVector(r.Get("y")) == ToVector(x));
  }
  OpRunner bad("flatten_contiguous_range");
  bad.In("X", "x", x).Out("Out", "y").Attr("start_axis", Attribute::Int(3)).Attr("stop_axis", Attribute::Int(1));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("start_axis") != std::string::npos);
  OpRunner bad2("flatten_contiguous_range");
  bad2.In("X", "x", x).Out("Out", "y").Attr("start_axis", Attribute::Int(0)).Attr("stop_axis", Attribute::Int(4));
  s = bad2.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("stop_axis") != std::string::npos);
}
