// squeeze2: dims dropped per Paddle (non-1 dims listed are kept), XShape, data unchanged.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("squeeze2 drops the listed size-1 dims", "[op][squeeze]") {
  Tensor x = RandomTensor({1, 3, 1, 4, 1}, 9);
  struct Case {
    std::vector<int64_t> axes;
    DDim want;
  };
  for (const Case& c : std::vector<Case>{{{}, {3, 4}}, {{0}, {3, 1, 4, 1}}, {{-1, 2}, {1, 3, 4}},
                                         {{1}, {1, 3, 1, 4, 1}}, {{0, 1, 2}, {3, 4, 1}}}) {
    OpRunner r("squeeze2");
    r.In("X", "x", x).Out("Out", "y").Out("XShape", "xs").Attr("axes", Attribute::Ints(c.axes));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dims() == c.want);
    CHECK(ToVector(r.Get("y")) == ToVector(x));
    CHECK(r.Get("xs").dims() == DDim({0, 1, 3, 1, 4, 1}));
  }
}

TEST_CASE("squeeze2 of all-ones keeps [1] and moves int64; bad axes fail", "[op][squeeze]") {
  OpRunner r("squeeze2");
  r.In("X", "x", MakeTypedTensor<int64_t>({1, 1}, {int64_t{1} << 50})).Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({1}));
  CHECK(r.Get("y").data<int64_t>()[0] == int64_t{1} << 50);

  OpRunner bad("squeeze2");
  bad.In("X", "x", RandomTensor({1, 3}, 1)).Out("Out", "y").Attr("axes", Attribute::Ints({2}));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axes") != std::string::npos);
}

TEST_CASE("squeeze2 takes its axes from AxesTensor over the attribute", "[op][squeeze]") {
  Tensor x = RandomTensor({1, 3, 1, 4}, 2);
  OpRunner r("squeeze2");
  r.In("X", "x", x).In("AxesTensor", "a", MakeTypedTensor<int64_t>({1}, {-2})).Out("Out", "y")
      .Attr("axes", Attribute::Ints({0}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({1, 3, 4}));
  CHECK(ToVector(r.Get("y")) == ToVector(x));

  OpRunner e("squeeze2");  // an empty AxesTensor squeezes every size-1 dim
  e.In("X", "x", x).In("AxesTensor", "a", MakeTypedTensor<int32_t>({0}, {})).Out("Out", "y");
  REQUIRE(e.Run().ok());
  CHECK(e.Get("y").dims() == DDim({3, 4}));

  OpRunner bad("squeeze2");
  bad.In("X", "x", x).In("AxesTensor", "a", MakeTypedTensor<int32_t>({1}, {4})).Out("Out", "y");
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("AxesTensor") != std::string::npos);
}
