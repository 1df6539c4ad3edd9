// reshape2: shape inference (0 copies, -1 infers), Shape/ShapeTensor inputs, XShape, data copied.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("reshape2 copies dims for 0, infers -1 and keeps the data", "[op][reshape]") {
  Tensor x = RandomTensor({2, 3, 4, 5}, 11);
  struct Case {
    std::vector<int64_t> shape;
    DDim want;
  };
  for (const Case& c : std::vector<Case>{{{0, -1}, {2, 60}}, {{-1, 5}, {24, 5}}, {{0, 0, 20}, {2, 3, 20}},
                                         {{120}, {120}}, {{2, 3, 4, 5}, {2, 3, 4, 5}}, {{1, -1, 1, 4}, {1, 30, 1, 4}}}) {
    OpRunner r("reshape2");
    r.In("X", "x", x).Out("Out", "y").Out("XShape", "xs").Attr("shape", Attribute::Ints(c.shape));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dims() == c.want);
    CHECK(ToVector(r.Get("y")) == ToVector(x));
    CHECK(r.Get("xs").dims() == DDim({0, 2, 3, 4, 5}));
    CHECK(r.Get("xs").numel() == 0);
    CHECK_FALSE(r.Get("y").SharesStorageWith(r.Get("x")));
  }
}

TEST_CASE("reshape2 takes its shape from ShapeTensor, then Shape, then the attribute", "[op][reshape]") {
  std::vector<int64_t> vals(24);
  for (size_t i = 0; i < vals.size(); ++i) vals[i] = static_cast<int64_t>(i) << 33;
  Tensor x = MakeTypedTensor<int64_t>({4, 6}, vals);
  OpRunner r("reshape2");
  r.In("X", "x", x).In("Shape", "s", MakeTypedTensor<int32_t>({3}, {2, -1, 3})).Out("Out", "y")
      .Attr("shape", Attribute::Ints({24}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({2, 4, 3}));
  REQUIRE(r.Get("y").dtype() == DataType::kInt64);
  CHECK(std::vector<int64_t>(r.Get("y").data<int64_t>(), r.Get("y").data<int64_t>() + 24) == vals);

  OpRunner r2("reshape2");
  r2.In("X", "x", x).In("Shape", "s", MakeTypedTensor<int32_t>({1}, {24}))
      .Ins("ShapeTensor", {{"a", MakeTypedTensor<int64_t>({1}, {3})}, {"b", MakeTypedTensor<int32_t>({1}, {-1})}})
      .Out("Out", "y").Attr("shape", Attribute::Ints({24}));
  REQUIRE(r2.Run().ok());
  CHECK(r2.Get("y").dims() == DDim({3, 8}));
}

TEST_CASE("reshape2 reports a size mismatch naming both shapes", "[op][reshape]") {
  OpRunner r("reshape2");
  r.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "y").Attr("shape", Attribute::Ints({4, 2}));
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("[2,3]") != std::string::npos);
  CHECK(s.message().find("[4,2]") != std::string::npos);

  OpRunner r2("reshape2");
  r2.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "y").Attr("shape", Attribute::Ints({-1, -1}));
  s = r2.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("-1") != std::string::npos);

  OpRunner r3("reshape2");
  r3.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "y").Attr("shape", Attribute::Ints({4, -1}));
  s = r3.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("[4,-1]") != std::string::npos);

  OpRunner r4("reshape2");
  r4.In("X", "x", RandomTensor({6}, 1)).Out("Out", "y").Attr("shape", Attribute::Ints({3, 0}));
  s = r4.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("rank") != std::string::npos);
}

TEST_CASE("reshape2 allowzero: a 0 in the shape is a zero-size dim", "[op][reshape]") {
  OpRunner r("reshape2");
  r.In("X", "x", MakeTypedTensor<float>({0, 3, 4}, {})).In("Shape", "s", MakeTypedTensor<int64_t>({3}, {3, 4, 0}))
      .Out("Out", "y").Attr("allowzero", Attribute::Bool(true));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({3, 4, 0}));

  // Without allowzero the 0 copies X's dim: [3, 4, 4] has 48 elements, X none.
  OpRunner copy("reshape2");
  copy.In("X", "x", MakeTypedTensor<float>({0, 3, 4}, {})).In("Shape", "s", MakeTypedTensor<int64_t>({3}, {3, 4, 0}))
      .Out("Out", "y");
  CHECK_FALSE(copy.Run().ok());

  OpRunner bad("reshape2");
  bad.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "y").Attr("shape", Attribute::Ints({0, 6}))
      .Attr("allowzero", Attribute::Bool(true));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("[0,6]") != std::string::npos);

  OpRunner kept("reshape2");  // allowzero off (the default): 0 copies the dim
  kept.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "y").Attr("shape", Attribute::Ints({0, 3}));
  REQUIRE(kept.Run().ok());
  CHECK(kept.Get("y").dims() == DDim({2, 3}));
}
