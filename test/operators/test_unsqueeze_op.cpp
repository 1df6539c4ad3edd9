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

TEST_CASE("unsqueeze2 moves bool and rejects bad axes", "[op][unsqueeze]") {
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
}

TEST_CASE("unsqueeze2 takes axes from AxesTensor, then AxesTensorList, then the attribute", "[op][unsqueeze]") {
  Tensor x = RandomTensor({3, 4}, 5);
  OpRunner t("unsqueeze2");
  t.In("X", "x", x).In("AxesTensor", "a", MakeTypedTensor<int64_t>({2}, {0, -1})).Out("Out", "y")
      .Attr("axes", Attribute::Ints({1}));
  REQUIRE(t.Run().ok());
  CHECK(t.Get("y").dims() == DDim({1, 3, 4, 1}));
  CHECK(ToVector(t.Get("y")) == ToVector(x));

  OpRunner l("unsqueeze2");
  l.In("X", "x", x).Ins("AxesTensorList", {{"a0", MakeTypedTensor<int32_t>({1}, {2})},
                                           {"a1", MakeTypedTensor<int32_t>({1}, {1})}})
      .Out("Out", "y");
  REQUIRE(l.Run().ok());
  CHECK(l.Get("y").dims() == DDim({3, 1, 4, 1}));

  OpRunner f("unsqueeze2");
  f.In("X", "x", x).In("AxesTensor", "a", MakeTypedTensor<float>({1}, {0.f})).Out("Out", "y");
  Status s = f.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("AxesTensor") != std::string::npos);

  OpRunner e("unsqueeze2");
  e.In("X", "x", x).In("AxesTensor", "a", MakeTypedTensor<int64_t>({0}, {})).Out("Out", "y");
  s = e.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("empty") != std::string::npos);
}

TEST_CASE("unsqueeze2 output_axes names positions in the output, as ONNX Unsqueeze", "[op][unsqueeze]") {
  Tensor x = RandomTensor({3, 4, 5}, 6);
  struct Case {
    std::vector<int64_t> axes;
    DDim want;
  };
  // Expected shapes written from ONNX's rule: output rank 3 + n, listed positions are 1, the rest X's dims.
  for (const Case& c : std::vector<Case>{{{3, 1}, {3, 1, 4, 1, 5}},
                                         {{1, 3}, {3, 1, 4, 1, 5}},
                                         {{-1, 0}, {1, 3, 4, 5, 1}},
                                         {{-2}, {3, 4, 1, 5}},
                                         {{5, 0, 2}, {1, 3, 1, 4, 5, 1}}}) {
    INFO(DDim(c.axes).ToString());
    OpRunner r("unsqueeze2");
    r.In("X", "x", x).In("AxesTensor", "a", MakeTypedTensor<int64_t>({static_cast<int64_t>(c.axes.size())}, c.axes))
        .Out("Out", "y").Attr("output_axes", Attribute::Bool(true));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dims() == c.want);
    CHECK(ToVector(r.Get("y")) == ToVector(x));
  }
  for (const std::vector<int64_t>& bad : std::vector<std::vector<int64_t>>{{1, 1}, {1, -4}, {5}}) {
    OpRunner r("unsqueeze2");
    r.In("X", "x", x).Out("Out", "y").Attr("axes", Attribute::Ints(bad)).Attr("output_axes", Attribute::Bool(true));
    Status s = r.Run();
    INFO(DDim(bad).ToString());
    CHECK_FALSE(s.ok());
  }
}
