// yolo_box against a hand-computed 1x1 case and a plain loop (in double) over tiny feature maps.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include <memory>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct YoloCase {
  int64_t n = 2, h = 2, w = 3;
  std::vector<int64_t> anchors = {10, 13, 16, 30};
  int class_num = 2;
  float conf_thresh = 0.5f;
  int downsample = 8;
  bool clip = true;
  float scale_x_y = 1.f;
  std::vector<int32_t> img = {20, 30, 17, 9};  // (height, width) per image
};

std::unique_ptr<OpRunner> MakeRunner(const YoloCase& k, const Tensor& x) {
  auto r = std::make_unique<OpRunner>("yolo_box");
  r->In("X", "x", x)
      .In("ImgSize", "size", MakeTypedTensor<int32_t>({k.n, 2}, k.img))
      .Out("Boxes", "boxes")
      .Out("Scores", "scores")
      .Attr("anchors", Attribute::Ints(k.anchors))
      .Attr("class_num", Attribute::Int(k.class_num))
      .Attr("conf_thresh", Attribute::Float(k.conf_thresh))
      .Attr("downsample_ratio", Attribute::Int(k.downsample))
      .Attr("clip_bbox", Attribute::Bool(k.clip))
      .Attr("scale_x_y", Attribute::Float(k.scale_x_y));
  return r;
}

double Sig(double v) { return 1 / (1 + std::exp(-v)); }

void Expected(const YoloCase& k, const Tensor& xt, std::vector<float>* boxes, std::vector<float>* scores) {
  const int64_t an = static_cast<int64_t>(k.anchors.size() / 2), cls = k.class_num, hw = k.h * k.w;
  const float* x = xt.data<float>();
  boxes->assign(static_cast<size_t>(k.n * an * hw * 4), 0.f);
  scores->assign(static_cast<size_t>(k.n * an * hw * cls), 0.f);
  // x[i][a * (5 + cls) + ch][row][col]
  auto at = [&](int64_t i, int64_t a, int64_t ch, int64_t row, int64_t col) {
    return static_cast<double>(x[(((i * an + a) * (5 + cls) + ch) * k.h + row) * k.w + col]);
  };
  const double bias = -0.5 * (k.scale_x_y - 1);
  for (int64_t i = 0; i < k.n; ++i) {
    double ih = k.img[static_cast<size_t>(2 * i)], iw = k.img[static_cast<size_t>(2 * i + 1)];
    for (int64_t a = 0; a < an; ++a)
      for (int64_t row = 0; row < k.h; ++row)
        for (int64_t col = 0; col < k.w; ++col) {
          double conf = Sig(at(i, a, 4, row, col));
          if (conf < k.conf_thresh) continue;
          double cx = (col + Sig(at(i, a, 0, row, col)) * k.scale_x_y + bias) * iw / k.w;
          double cy = (row + Sig(at(i, a, 1, row, col)) * k.scale_x_y + bias) * ih / k.h;
          double bw = std::exp(at(i, a, 2, row, col)) * k.anchors[static_cast<size_t>(2 * a)] * iw / (k.downsample * k.w);
          double bh = std::exp(at(i, a, 3, row, col)) * k.anchors[static_cast<size_t>(2 * a + 1)] * ih / (k.downsample * k.h);
          double b[4] = {cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2};
          if (k.clip) {
            b[0] = std::max(b[0], 0.0);
            b[1] = std::max(b[1], 0.0);
            b[2] = std::min(b[2], iw - 1);
            b[3] = std::min(b[3], ih - 1);
          }
          int64_t r = (i * an + a) * hw + row * k.w + col;
          for (int q = 0; q < 4; ++q) (*boxes)[static_cast<size_t>(r * 4 + q)] = static_cast<float>(b[q]);
          for (int64_t c = 0; c < cls; ++c)
            (*scores)[static_cast<size_t>(r * cls + c)] = static_cast<float>(conf * Sig(at(i, a, 5 + c, row, col)));
        }
  }
}

}  // namespace

TEST_CASE("yolo_box on a 1x1 map of zeros: hand-computed box and score", "[op][yolo_box]") {
  YoloCase k;
  k.n = 1;
  k.h = k.w = 1;
  k.anchors = {4, 6};
  k.class_num = 1;
  k.conf_thresh = 0.1f;
  k.img = {16, 16};
  Tensor x = MakeTensor({1, 6, 1, 1}, std::vector<float>(6, 0.f));
  // sigmoid(0) = 0.5: center (0.5 * 16, 0.5 * 16) = (8, 8); size (4 * 16 / 8, 6 * 16 / 8) = (8, 12).
  auto r_owner = MakeRunner(k, x);
  OpRunner& r = *r_owner;
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("boxes")) == std::vector<float>{4, 2, 12, 14});
  CHECK(ToVector(r.Get("scores")) == std::vector<float>{0.25f});
  // A larger anchor is clipped to [0, 15].
  k.anchors = {40, 6};
  auto r2_owner = MakeRunner(k, x);
  OpRunner& r2 = *r2_owner;
  REQUIRE(r2.Run().ok());
  CHECK(ToVector(r2.Get("boxes")) == std::vector<float>{0, 2, 15, 14});
  // Objectness 0.5 below conf_thresh: the row stays zero.
  k.conf_thresh = 0.6f;
  auto r3_owner = MakeRunner(k, x);
  OpRunner& r3 = *r3_owner;
  REQUIRE(r3.Run().ok());
  CHECK(ToVector(r3.Get("boxes")) == std::vector<float>{0, 0, 0, 0});
  CHECK(ToVector(r3.Get("scores")) == std::vector<float>{0});
}

TEST_CASE("yolo_box matches the plain loop", "[op][yolo_box]") {
  YoloCase k;
  SECTION("defaults") {}
  SECTION("no clip, scale_x_y 1.2") {
    k.clip = false;
    k.scale_x_y = 1.2f;
  }
  SECTION("one image, three anchors, 7 classes, 4x5, low threshold") {
    k.n = 1;
    k.h = 4;
    k.w = 5;
    k.anchors = {10, 13, 16, 30, 33, 23};
    k.class_num = 7;
    k.conf_thresh = 0.01f;
    k.downsample = 32;
    k.img = {608, 400};
  }
  const int64_t an = static_cast<int64_t>(k.anchors.size() / 2);
  Tensor x = RandomTensor({k.n, an * (5 + k.class_num), k.h, k.w}, 9, -3.f, 3.f);
  auto r_owner = MakeRunner(k, x);
  OpRunner& r = *r_owner;
  Status s = r.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  REQUIRE(r.Get("boxes").dims() == DDim({k.n, an * k.h * k.w, 4}));
  REQUIRE(r.Get("scores").dims() == DDim({k.n, an * k.h * k.w, k.class_num}));
  std::vector<float> boxes, scores;
  Expected(k, x, &boxes, &scores);
  int zero_rows = 0;
  for (size_t i = 0; i < scores.size(); i += static_cast<size_t>(k.class_num)) zero_rows += scores[i] == 0.f;
  if (k.conf_thresh >= 0.5f) CHECK(zero_rows > 0);  // the threshold is exercised
  std::string why;
  CHECK(AllClose(ToVector(r.Get("boxes")), boxes, 1e-4f, 1e-5f, &why));
  INFO(why);
  CHECK(AllClose(ToVector(r.Get("scores")), scores, 1e-6f, 1e-5f, &why));
  INFO(why);
}

TEST_CASE("yolo_box rejects bad attributes and shapes", "[op][yolo_box]") {
  YoloCase k;
  Tensor x = RandomTensor({2, 14, 2, 3}, 1);
  auto r_owner = MakeRunner(k, x);
  OpRunner& r = *r_owner;
  r.Attr("iou_aware", Attribute::Bool(true));
  Status s = r.Run();
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("iou_aware") != std::string::npos);

  k.anchors = {10, 13, 16};
  s = MakeRunner(k, x)->Run();
  CHECK(s.message().find("anchors") != std::string::npos);

  k = YoloCase();
  k.class_num = 3;  // needs 2 * 8 channels
  s = MakeRunner(k, x)->Run();
  CHECK(s.message().find("class_num") != std::string::npos);

  k = YoloCase();
  k.downsample = 0;
  s = MakeRunner(k, x)->Run();
  CHECK(s.message().find("downsample_ratio") != std::string::npos);

  OpRunner f("yolo_box");
  f.In("X", "x", x)
      .In("ImgSize", "size", RandomTensor({2, 2}, 3))
      .Out("Boxes", "boxes")
      .Out("Scores", "scores")
      .Attr("anchors", Attribute::Ints({10, 13, 16, 30}))
      .Attr("class_num", Attribute::Int(2));
  s = f.Run();
  CHECK(!s.ok());
  CHECK(s.message().find("ImgSize") != std::string::npos);
}
