// expand_v2 with ONNX Expand semantics (bidirectional broadcast), against a plain loop.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("expand_v2 broadcasts X to the shape, from the attribute or the Shape input", "[op][expand]") {
  Tensor x = RandomTensor({3, 1}, 1);
  std::vector<float> xv = ToVector(x);
  for (bool from_tensor : {false, true}) {
    OpRunner r("expand_v2");
    r.In("X", "x", x).Out("Out", "y");
    if (from_tensor) r.In("Shape", "s", MakeTypedTensor<int64_t>({3}, {2, 1, 4}));
    else r.Attr("shape", Attribute::Ints({2, 1, 4}));
    REQUIRE(r.Run().ok());
    const Tensor& y = r.Get("y");
    CHECK(y.dims() == DDim({2, 3, 4}));  // the 1 in shape keeps X's 3: broadcasting goes both ways
    std::vector<float> yv = ToVector(y);
    for (int i = 0; i < 24; ++i) CHECK(yv[static_cast<size_t>(i)] == xv[static_cast<size_t>((i / 4) % 3)]);
  }
}

TEST_CASE("expand_v2 keeps dims for -1 and rejects shapes that do not broadcast", "[op][expand]") {
  OpRunner r("expand_v2");
  r.In("X", "x", MakeTypedTensor<int32_t>({2, 1}, {7, 8})).Out("Out", "y").Attr("shape", Attribute::Ints({-1, 3}));
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("y")) == std::vector<float>{7, 7, 7, 8, 8, 8});
  OpRunner bad("expand_v2");
  bad.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "y").Attr("shape", Attribute::Ints({2, 4}));
  CHECK_FALSE(bad.Run().ok());
}
