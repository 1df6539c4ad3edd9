// prior_box against hand-computed boxes on a 2x2 map and against a plain loop (in double) written here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include <memory>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct PriorCase {
  int64_t fh = 2, fw = 2, img_h = 8, img_w = 8;
  std::vector<double> min_sizes = {2};
  std::vector<double> max_sizes = {8};
  std::vector<double> ratios = {2};
  std::vector<double> variances = {0.1, 0.1, 0.2, 0.2};
  bool flip = true, clip = false, caffe_order = false;
  double step_w = 0, step_h = 0, offset = 0.5;
};

std::unique_ptr<OpRunner> MakeRunner(const PriorCase& k) {
  auto r = std::make_unique<OpRunner>("prior_box");
  r->In("Input", "feat", RandomTensor({1, 3, k.fh, k.fw}, 1))
      .In("Image", "img", RandomTensor({1, 3, k.img_h, k.img_w}, 2))
      .Out("Boxes", "boxes")
      .Out("Variances", "vars")
      .Attr("min_sizes", Attribute::Floats(k.min_sizes))
      .Attr("max_sizes", Attribute::Floats(k.max_sizes))
      .Attr("aspect_ratios", Attribute::Floats(k.ratios))
      .Attr("variances", Attribute::Floats(k.variances))
      .Attr("flip", Attribute::Bool(k.flip))
      .Attr("clip", Attribute::Bool(k.clip))
      .Attr("step_w", Attribute::Float(k.step_w))
      .Attr("step_h", Attribute::Float(k.step_h))
      .Attr("offset", Attribute::Float(k.offset))
      .Attr("min_max_aspect_ratios_order", Attribute::Bool(k.caffe_order));
  return r;
}

// (half width, half height) of every prior of one cell, in output order.
std::vector<std::pair<double, double>> CellPriors(const PriorCase& k) {
  std::vector<double> ars = {1};
  for (double r : k.ratios) {
    bool dup = false;
    for (double e : ars) dup = dup || std::fabs(r - e) < 1e-6;
    if (dup) continue;
    ars.push_back(r);
    if (k.flip) ars.push_back(1 / r);
  }
  std::vector<std::pair<double, double>> out;
  for (size_t s = 0; s < k.min_sizes.size(); ++s) {
    double mn = k.min_sizes[s];
    std::vector<std::pair<double, double>> by_ratio, square_max;
    for (double r : ars) by_ratio.push_back({mn * std::sqrt(r) / 2, mn / std::sqrt(r) / 2});
    if (!k.max_sizes.empty()) {
      double half = std::sqrt(mn * k.max_sizes[s]) / 2;
      square_max.push_back({half, half});
    }
    if (k.caffe_order) {
      out.push_back(by_ratio[0]);  // ratio 1 is first
      out.insert(out.end(), square_max.begin(), square_max.end());
      out.insert(out.end(), by_ratio.begin() + 1, by_ratio.end());
    } else {
      out.insert(out.end(), by_ratio.begin(), by_ratio.end());
      out.insert(out.end(), square_max.begin(), square_max.end());
    }
  }
  return out;
}

std::vector<float> ExpectedBoxes(const PriorCase& k) {
  double sw = k.step_w, sh = k.step_h;
  if (sw == 0 || sh == 0) {
    sw = static_cast<double>(k.img_w) / k.fw;
    sh = static_cast<double>(k.img_h) / k.fh;
  }
  std::vector<float> out;
  for (int64_t h = 0; h < k.fh; ++h)
    for (int64_t w = 0; w < k.fw; ++w) {
      double cx = (w + k.offset) * sw, cy = (h + k.offset) * sh;
      for (auto hw : CellPriors(k)) {
        double v[4] = {(cx - hw.first) / k.img_w, (cy - hw.second) / k.img_h, (cx + hw.first) / k.img_w,
                       (cy + hw.second) / k.img_h};
        for (double x : v) out.push_back(static_cast<float>(k.clip ? std::min(std::max(x, 0.0), 1.0) : x));
      }
    }
  return out;
}

void CheckCase(const PriorCase& k) {
  auto r_owner = MakeRunner(k);
  OpRunner& r = *r_owner;
  Status s = r.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  const int64_t np = static_cast<int64_t>(CellPriors(k).size());
  CHECK(r.Get("boxes").dims() == DDim({k.fh, k.fw, np, 4}));
  CHECK(r.Get("vars").dims() == DDim({k.fh, k.fw, np, 4}));
  std::string why;
  CHECK(AllClose(ToVector(r.Get("boxes")), ExpectedBoxes(k), 1e-6f, 1e-5f, &why));
  INFO(why);
  std::vector<float> vars = ToVector(r.Get("vars"));
  for (size_t i = 0; i < vars.size(); ++i) REQUIRE(vars[i] == static_cast<float>(k.variances[i % 4]));
}

}  // namespace

TEST_CASE("prior_box on a 2x2 map: hand-computed centers and sizes", "[op][prior_box]") {
  PriorCase k;  // 8x8 image, step 4: centers (2, 2), (6, 2), (2, 6), (6, 6); ratios 1, 2, 1/2 then max
  auto r_owner = MakeRunner(k);
  OpRunner& r = *r_owner;
  REQUIRE(r.Run().ok());
  REQUIRE(r.Get("boxes").dims() == DDim({2, 2, 4, 4}));
  std::vector<float> b = ToVector(r.Get("boxes"));
  auto box = [&](int h, int w, int prior) { return std::vector<float>(b.begin() + ((h * 2 + w) * 4 + prior) * 4,
                                                                      b.begin() + ((h * 2 + w) * 4 + prior + 1) * 4); };
  const float r2 = std::sqrt(2.f);
  std::string why;
  // Cell (0, 0), ratio 1: a 2x2 box at (2, 2).
  CHECK(AllClose(box(0, 0, 0), {1 / 8.f, 1 / 8.f, 3 / 8.f, 3 / 8.f}, 1e-6f, 0, &why));
  // Cell (0, 1), ratio 2: 2*sqrt2 wide, 2/sqrt2 tall at (6, 2).
  CHECK(AllClose(box(0, 1, 1), {(6 - r2) / 8, (2 - 1 / r2) / 8, (6 + r2) / 8, (2 + 1 / r2) / 8}, 1e-6f, 0, &why));
  // Cell (1, 0), ratio 1/2 at (2, 6).
  CHECK(AllClose(box(1, 0, 2), {(2 - 1 / r2) / 8, (6 - r2) / 8, (2 + 1 / r2) / 8, (6 + r2) / 8}, 1e-6f, 0, &why));
  // Cell (1, 1), the sqrt(2 * 8) = 4 square at (6, 6).
  CHECK(AllClose(box(1, 1, 3), {0.5f, 0.5f, 1.f, 1.f}, 1e-6f, 0, &why));
  INFO(why);
  CheckCase(k);
}

TEST_CASE("prior_box attribute variants match the plain loop", "[op][prior_box]") {
  PriorCase k;
  SECTION("Caffe order") { k.caffe_order = true; }
  SECTION("no flip, no max, ratio 1 repeated") {
    k.flip = false;
    k.max_sizes = {};
    k.ratios = {1, 3, 1.0000001};
  }
  SECTION("clip, explicit steps, offset, several sizes, non-square") {
    k.fh = 3;
    k.fw = 5;
    k.img_h = 30;
    k.img_w = 50;
    k.clip = true;
    k.step_w = 11;
    k.step_h = 9;
    k.offset = 0.25;
    k.min_sizes = {6, 20};
    k.max_sizes = {12, 45};
    k.ratios = {2, 3};
  }
  SECTION("Caffe order, clip, several sizes") {
    k.fh = 7;
    k.fw = 4;
    k.img_h = 300;
    k.img_w = 300;
    k.caffe_order = true;
    k.clip = true;
    k.min_sizes = {60, 120};
    k.max_sizes = {120, 200};
    k.ratios = {2, 0.5, 3};
  }
  SECTION("the SSD head of paddledet (19x19, 300x300, step 16)") {
    k.fh = k.fw = 19;
    k.img_h = k.img_w = 300;
    k.step_w = k.step_h = 16;
    k.clip = true;
    k.min_sizes = {30};
    k.max_sizes = {60};
  }
  CheckCase(k);
}

TEST_CASE("prior_box rejects bad attributes and shapes", "[op][prior_box]") {
  PriorCase k;
  auto run = [&](const PriorCase& c) { return MakeRunner(c)->Run(); };
  PriorCase c = k;
  c.max_sizes = {8, 9};
  Status s = run(c);
  CHECK(s.message().find("max_sizes") != std::string::npos);
  c = k;
  c.max_sizes = {2};
  s = run(c);
  CHECK(s.message().find("max_sizes") != std::string::npos);
  c = k;
  c.min_sizes = {};
  c.max_sizes = {};
  s = run(c);
  CHECK(s.message().find("min_sizes") != std::string::npos);
  c = k;
  c.variances = {0.1, 0.1, 0.2};
  s = run(c);
  CHECK(s.message().find("variances") != std::string::npos);
  c = k;
  c.ratios = {0};
  s = run(c);
  CHECK(s.message().find("aspect_ratios") != std::string::npos);

  OpRunner r("prior_box");
  r.In("Input", "feat", RandomTensor({3, 2, 2}, 1))
      .In("Image", "img", RandomTensor({1, 3, 8, 8}, 2))
      .Out("Boxes", "boxes")
      .Out("Variances", "vars")
      .Attr("min_sizes", Attribute::Floats({2}));
  s = r.Run();
  CHECK(!s.ok());
  CHECK(s.message().find("Input") != std::string::npos);
}
