// tile: against a plain modulo loop.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("tile repeats along each dim (attribute or RepeatTimes input)", "[op][tile]") {
  Tensor x = RandomTensor({2, 3}, 4);
  std::vector<float> xv = ToVector(x);
  for (bool from_tensor : {false, true}) {
    OpRunner r("tile");
    r.In("X", "x", x).Out("Out", "y");
    if (from_tensor) r.In("RepeatTimes", "rt", MakeTypedTensor<int64_t>({2}, {3, 2}));
    else r.Attr("repeat_times", Attribute::Ints({3, 2}));
    REQUIRE(r.Run().ok());
    const Tensor& y = r.Get("y");
    CHECK(y.dims() == DDim({6, 6}));
    std::vector<float> yv = ToVector(y);
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j) CHECK(yv[static_cast<size_t>(i * 6 + j)] == xv[static_cast<size_t>((i % 2) * 3 + j % 3)]);
  }
}

TEST_CASE("tile pads a short X with leading 1s and rejects negative repeats", "[op][tile]") {
  OpRunner r("tile");
  r.In("X", "x", MakeTypedTensor<int64_t>({2}, {1, 2})).Out("Out", "y").Attr("repeat_times", Attribute::Ints({2, 1}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({2, 2}));
  CHECK(ToVector(r.Get("y")) == std::vector<float>{1, 2, 1, 2});
  OpRunner bad("tile");
  bad.In("X", "x", RandomTensor({2}, 1)).Out("Out", "y").Attr("repeat_times", Attribute::Ints({-1}));
  CHECK_FALSE(bad.Run().ok());
}
