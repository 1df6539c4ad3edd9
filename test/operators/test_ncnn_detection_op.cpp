// ncnn detection ops and ncnn_shuffle_channel against hand-computed values.
#include <catch2/catch.hpp>

#include <cmath>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("ncnn_prior_box: caffe-ssd boxes and variances", "[op][ncnn]") {
  OpRunner op("ncnn_prior_box");
  op.In("Input", "f", RandomTensor({1, 2, 1, 2}, 1)).In("Image", "img", RandomTensor({1, 3, 4, 8}, 2))
      .Out("Out", "o")
      .Attr("min_sizes", Attribute::Floats({2.0}))
      .Attr("max_sizes", Attribute::Floats({8.0}))
      .Attr("aspect_ratios", Attribute::Floats({4.0}))
      .Attr("flip", Attribute::Bool(true))
      .Attr("offset", Attribute::Float(0.5f));
  Status s = op.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  // 2 cells x (min, max, ratio 4, flipped) = 8 boxes; steps 8/2 = 4 and 4/1 = 4.
  REQUIRE(op.Get("o").dims() == DDim({1, 2, 32}));
  std::vector<float> v = ToVector(op.Get("o"));
  // Cell (0, 0): center (2, 2); min box 2x2 -> (1, 1, 3, 3) / (8, 4).
  CHECK(v[0] == Approx(1.f / 8));
  CHECK(v[1] == Approx(1.f / 4));
  CHECK(v[2] == Approx(3.f / 8));
  CHECK(v[3] == Approx(3.f / 4));
  // max box sqrt(16) = 4: (0, 0, 4, 4) / (8, 4).
  CHECK(v[4] == Approx(0.f).margin(1e-6));
  CHECK(v[6] == Approx(0.5f));
  CHECK(v[7] == Approx(1.f));
  // ratio 4: w = 2 * 2 = 4, h = 2 / 2 = 1 -> (0, 1.5, 4, 2.5); flipped: w 1, h 4 -> (1.5, 0, 2.5, 4).
  CHECK(v[8] == Approx(0.f).margin(1e-6));
  CHECK(v[9] == Approx(1.5f / 4));
  CHECK(v[12] == Approx(1.5f / 8));
  CHECK(v[15] == Approx(1.f));
  // Cell (0, 1): center x = 6.
  CHECK(v[16] == Approx(5.f / 8));
  // Variances row.
  CHECK(v[32] == Approx(0.1f));
  CHECK(v[34] == Approx(0.2f));
  CHECK(v[63] == Approx(0.2f));
}

TEST_CASE("ncnn_detection_output: decode, per-class NMS, keep_top_k", "[op][ncnn]") {
  // Two priors, three classes (0 background). Zero offsets decode to the priors themselves.
  Tensor prior = MakeTensor({1, 2, 8}, {0.f, 0.f, 0.5f, 0.5f, 0.1f, 0.1f, 0.6f, 0.6f,
                                        0.1f, 0.1f, 0.2f, 0.2f, 0.1f, 0.1f, 0.2f, 0.2f});
  Tensor loc = MakeTensor({1, 8}, std::vector<float>(8, 0.f));
  // conf [prior][class]
  Tensor conf = MakeTensor({1, 6}, {0.1f, 0.8f, 0.1f, 0.2f, 0.7f, 0.6f});
  OpRunner op("ncnn_detection_output");
  op.In("Loc", "l", loc).In("Conf", "c", conf).In("PriorBox", "p", prior).Out("Out", "o")
      .Attr("num_class", Attribute::Int(3)).Attr("nms_threshold", Attribute::Float(0.45f))
      .Attr("confidence_threshold", Attribute::Float(0.5f)).Attr("keep_top_k", Attribute::Int(10));
  Status s = op.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  // Class 1: priors 0 (0.8) and 1 (0.7) overlap with IoU 0.16/0.34 = 0.47 > 0.45 -> only prior 0 kept.
  // Class 2: prior 1 (0.6). Sorted: (1, 0.8, prior 0), (2, 0.6, prior 1).
  REQUIRE(op.Get("o").dims() == DDim({1, 2, 6}));
  std::vector<float> v = ToVector(op.Get("o"));
  CHECK(AllClose(v, {1.f, 0.8f, 0.f, 0.f, 0.5f, 0.5f, 2.f, 0.6f, 0.1f, 0.1f, 0.6f, 0.6f}, 1e-6f, 1e-6f));
}

TEST_CASE("ncnn_yolo_detection_output v3 decodes one confident cell", "[op][ncnn]") {
  // One 1x1 map, one box, one class: logits x = y = 0, w = h = 0, objectness and class high.
  Tensor x = MakeTensor({1, 6, 1, 1}, {0.f, 0.f, 0.f, 0.f, 10.f, 10.f});
  OpRunner op("ncnn_yolo_detection_output");
  op.Ins("X", {{"x", x}}).Out("Out", "o")
      .Attr("version", Attribute::Int(3)).Attr("num_class", Attribute::Int(1)).Attr("num_box", Attribute::Int(1))
      .Attr("confidence_threshold", Attribute::Float(0.5f)).Attr("biases", Attribute::Floats({16.0, 8.0}))
      .Attr("mask", Attribute::Floats({0.0})).Attr("anchors_scale", Attribute::Floats({32.0}));
  Status s = op.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  REQUIRE(op.Get("o").dims() == DDim({1, 1, 6}));
  std::vector<float> v = ToVector(op.Get("o"));
  const float conf = 1.f / (1.f + std::exp(-10.f));
  // center (0.5, 0.5); w = 16 / 32 = 0.5, h = 8 / 32 = 0.25; label 1 (class 0 + 1).
  CHECK(AllClose(v, {1.f, conf * conf, 0.25f, 0.375f, 0.75f, 0.625f}, 1e-6f, 1e-6f));
}

TEST_CASE("ncnn_shuffle_channel reverse undoes shuffle_channel", "[op][ncnn]") {
  Tensor x = RandomTensor({1, 6, 2, 2}, 4);
  OpRunner fwd("ncnn_shuffle_channel");
  fwd.In("X", "x", x).Out("Out", "y").Attr("group", Attribute::Int(2));
  REQUIRE(fwd.Run().ok());
  OpRunner rev("ncnn_shuffle_channel");
  rev.In("X", "y", fwd.Get("y")).Out("Out", "z").Attr("group", Attribute::Int(2)).Attr("reverse", Attribute::Bool(true));
  REQUIRE(rev.Run().ok());
  CHECK(ToVector(rev.Get("z")) == ToVector(x));
  CHECK(ToVector(fwd.Get("y")) != ToVector(x));
}
