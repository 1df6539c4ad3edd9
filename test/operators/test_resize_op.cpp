// resize (ONNX semantics): hand-computed cases from the ONNX operator documentation's examples, and the fast
// paths against the double reference sum.
#include <catch2/catch.hpp>

#include "operators/kernel/central-arm-func/resize_func.h"
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

// ResizeCompute's fast paths (row copies for nearest, two float passes for linear / cubic) against the double
// reference, over modes, coordinate transforms, nearest roundings and up / down / odd scales.
TEST_CASE("resize fast paths match the reference sum", "[op][resize]") {
  const Tensor x = RandomTensor({2, 3, 7, 9}, 11);
  const ResizeCoord coords[] = {ResizeCoord::kHalfPixel, ResizeCoord::kPytorchHalfPixel, ResizeCoord::kAlignCorners,
                                ResizeCoord::kAsymmetric, ResizeCoord::kTfHalfPixelForNn};
  const ResizeNearest roundings[] = {ResizeNearest::kRoundPreferFloor, ResizeNearest::kRoundPreferCeil,
                                     ResizeNearest::kFloor, ResizeNearest::kCeil};
  const std::pair<double, double> scales[] = {{2, 2}, {4, 3}, {0.5, 0.75}, {1.7, 0.4}, {1, 1}};
  for (ResizeMode mode : {ResizeMode::kNearest, ResizeMode::kLinear, ResizeMode::kCubic})
    for (ResizeCoord coord : coords)
      for (ResizeNearest rounding : roundings)
        for (const auto& s : scales)
          for (bool exclude : {false, true}) {
            if (mode == ResizeMode::kNearest ? exclude : rounding != ResizeNearest::kFloor) continue;
            ResizeParam p;
            p.x = &x;
            p.mode = mode, p.coord = coord, p.nearest = rounding, p.exclude_outside = exclude;
            p.planes = 6, p.in_h = 7, p.in_w = 9, p.scale_h = s.first, p.scale_w = s.second;
            p.len_h = 7 * s.first, p.len_w = 9 * s.second;
            p.out_h = static_cast<int64_t>(p.len_h), p.out_w = static_cast<int64_t>(p.len_w);
            Tensor fast, ref;
            for (Tensor* t : {&fast, &ref}) t->Resize(DDim({2, 3, p.out_h, p.out_w}));
            p.out = &fast;
            REQUIRE(ResizeCompute(p).ok());
            p.out = &ref;
            REQUIRE(ResizeReference(p).ok());
            INFO("mode " << static_cast<int>(mode) << " coord " << static_cast<int>(coord) << " rounding "
                         << static_cast<int>(rounding) << " scales " << s.first << "x" << s.second);
            if (mode == ResizeMode::kNearest) CHECK(ToVector(fast) == ToVector(ref));
            else CHECK(AllClose(ToVector(fast), ToVector(ref), 1e-5f, 1e-5f));
          }
}
