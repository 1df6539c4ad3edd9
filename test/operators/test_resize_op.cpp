// resize (ONNX semantics): hand-computed cases from the ONNX operator documentation's examples.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("resize nearest (asymmetric floor) upsamples by repeating", "[op][resize]") {
  OpRunner r("resize");
  r.In("X", "x", MakeTensor({1, 1, 2, 2}, {1, 2, 3, 4})).Out("Out", "y")
      .Attr("mode", Attribute::String("nearest"))
      .Attr("coordinate_transformation_mode", Attribute::String("asymmetric"))
      .Attr("nearest_mode", Attribute::String("floor"))
      .Attr("scales", Attribute::Floats({1, 1, 2, 3}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({1, 1, 4, 6}));
  CHECK(ToVector(r.Get("y")) == std::vector<float>{1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2,
                                                   3, 3, 3, 4, 4, 4, 3, 3, 3, 4, 4, 4});
}

TEST_CASE("resize linear half_pixel and align_corners", "[op][resize]") {
  // half_pixel, 2x2 -> 4x4: the ONNX example test_resize_upsample_scales_linear.
  OpRunner r("resize");
  r.In("X", "x", MakeTensor({1, 1, 2, 2}, {1, 2, 3, 4})).Out("Out", "y")
      .Attr("mode", Attribute::String("linear")).Attr("scales", Attribute::Floats({1, 1, 2, 2}));
  REQUIRE(r.Run().ok());
  std::vector<float> want = {1, 1.25f, 1.75f, 2, 1.5f, 1.75f, 2.25f, 2.5f, 2.5f, 2.75f, 3.25f, 3.5f, 3, 3.25f, 3.75f, 4};
  CHECK(AllClose(ToVector(r.Get("y")), want, 1e-6f, 0));
  // align_corners with sizes: corners map to corners, 1..2 over 3 samples.
  OpRunner a("resize");
  a.In("X", "x", MakeTensor({1, 2}, {1, 2})).In("Sizes", "s", MakeTypedTensor<int64_t>({2}, {1, 3})).Out("Out", "y")
      .Attr("mode", Attribute::String("linear")).Attr("coordinate_transformation_mode", Attribute::String("align_corners"));
  REQUIRE(a.Run().ok());
  CHECK(AllClose(ToVector(a.Get("y")), {1, 1.5f, 2}, 1e-6f, 0));
}

TEST_CASE("resize cubic keeps constants and rejects resizing leading dims", "[op][resize]") {
  OpRunner r("resize");
  r.In("X", "x", MakeTensor({1, 1, 3, 3}, std::vector<float>(9, 2.5f))).Out("Out", "y")
      .Attr("mode", Attribute::String("cubic")).Attr("scales", Attribute::Floats({1, 1, 1.5f, 2}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({1, 1, 4, 6}));
  CHECK(AllClose(ToVector(r.Get("y")), std::vector<float>(24, 2.5f), 1e-5f, 0));
  OpRunner bad("resize");
  bad.In("X", "x", RandomTensor({1, 2, 2, 2}, 1)).Out("Out", "y").Attr("scales", Attribute::Floats({1, 2, 2, 2}));
  CHECK_FALSE(bad.Run().ok());
  OpRunner mode("resize");
  mode.In("X", "x", RandomTensor({1, 1, 2, 2}, 1)).Out("Out", "y").Attr("mode", Attribute::String("area"))
      .Attr("scales", Attribute::Floats({1, 1, 2, 2}));
  CHECK_FALSE(mode.Run().ok());
}
