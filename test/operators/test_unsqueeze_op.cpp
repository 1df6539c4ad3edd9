// unsqueeze2: size-1 dims inserted one after another as Paddle does, XShape, data unchanged.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("unsqueeze2 inserts size-1 dims in order", "[op][unsqueeze]") {
  Tensor x = RandomTensor({3, 4}, 4);
  struct Case {
    std::vector<int64_t> axes;
    DDim want;
  };
  for (const Case& c : std::vector<Case>{{{0}, {1, 3, 4}}, {{2}, {3, 4, 1}}, {{-1}, {3, 4, 1}}, {{0, 0}, {1, 1, 3, 4}},
                                         {{2, 1}, {3, 1, 4, 1}}, {{0, -1}, {1, 3, 4, 1}}, {{1, 3}, {3, 1, 4, 1}}}) {
    OpRunner r("unsqueeze2");
    r.In("X", "x", x).Out("Out", "y").Out("XShape", "xs").Attr("axes", Attribute::Ints(c.axes));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dims() == c.want);
    CHECK(ToVector(r.Get("y")) == ToVector(x));
    CHECK(r.Get("xs").dims() == DDim({0, 3, 4}));
  }
}

TEST_CASE("unsqueeze2 moves bool, rejects bad axes and AxesTensor", "[op][unsqueeze]") {
  OpRunner r("unsqueeze2");
  r.In("X", "x", MakeTypedTensor<bool>({2}, {false, true})).Out("Out", "y").Attr("axes", Attribute::Ints({1}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({2, 1}));
  CHECK(ToVector(r.Get("y")) == std::vector<float>{0, 1});

  OpRunner bad("unsqueeze2");
  bad.In("X", "x", RandomTensor({3}, 1)).Out("Out", "y").Attr("axes", Attribute::Ints({3}));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axes") != std::string::npos);

  OpRunner t("unsqueeze2");
  t.In("X", "x", RandomTensor({3}, 1)).In("AxesTensor", "a", MakeTypedTensor<int32_t>({1}, {0})).Out("Out", "y");
  s = t.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.code() == StatusCode::kUnimplemented);
}
