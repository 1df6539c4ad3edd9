// multiclass_nms(3) against hand-worked cases (overlaps, thresholds, top-k, eta, pixel coordinates) and,
// on random batches, against a "take the best, drop its overlaps" reference written here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <tuple>

#include <memory>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct NmsAttrs {
  int background = -1;
  float score_threshold = 0.05f;
  int nms_top_k = -1;
  float nms_threshold = 0.5f;
  float nms_eta = 1.f;
  int keep_top_k = -1;
  bool normalized = true;
};

std::unique_ptr<OpRunner> MakeRunner(const std::string& type, const Tensor& boxes, const Tensor& scores, const NmsAttrs& a,
                    bool with_index) {
  auto r = std::make_unique<OpRunner>(type);
  r->In("BBoxes", "boxes", boxes)
      .In("Scores", "scores", scores)
      .Out("Out", "out")
      .Attr("background_label", Attribute::Int(a.background))
      .Attr("score_threshold", Attribute::Float(a.score_threshold))
      .Attr("nms_top_k", Attribute::Int(a.nms_top_k))
      .Attr("nms_threshold", Attribute::Float(a.nms_threshold))
      .Attr("nms_eta", Attribute::Float(a.nms_eta))
      .Attr("keep_top_k", Attribute::Int(a.keep_top_k))
      .Attr("normalized", Attribute::Bool(a.normalized));
  if (with_index) r->Out("Index", "index").Out("NmsRoisNum", "num");
  return r;
}

// b0 and b1 overlap with IoU 0.9 / 1.1 = 0.818; b3 is half of b0 (IoU exactly 0.5) and has IoU
// 0.4 / 1.1 = 0.364 with b1; b2 is apart.
const std::vector<float> kBoxes = {0, 0, 1, 1, 0.1f, 0, 1.1f, 1, 2, 2, 3, 3, 0, 0, 0.5f, 1};
const std::vector<float> kScores = {0.9f, 0.8f, 0.7f, 0.6f,    // class 0
                                    0.1f, 0.95f, 0.02f, 0.3f};  // class 1

std::vector<float> Row(float label, float score, int box) {
  std::vector<float> r = {label, score};
  for (int k = 0; k < 4; ++k) r.push_back(kBoxes[static_cast<size_t>(box * 4 + k)]);
  return r;
}

std::vector<float> Rows(std::initializer_list<std::vector<float>> rows) {
  std::vector<float> out;
  for (const auto& r : rows) out.insert(out.end(), r.begin(), r.end());
  return out;
}

std::vector<float> RunHand(const NmsAttrs& a, DDim* dims = nullptr, std::vector<float>* index = nullptr) {
  auto r_owner = MakeRunner("multiclass_nms3", MakeTensor({1, 4, 4}, kBoxes), MakeTensor({1, 2, 4}, kScores), a, true);
  OpRunner& r = *r_owner;
  Status s = r.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  if (dims) *dims = r.Get("out").dims();
  if (index) *index = ToVector(r.Get("index"));
  std::vector<float> num = ToVector(r.Get("num"));
  REQUIRE(num.size() == 1);
  CHECK(static_cast<int64_t>(num[0]) == r.Get("out").dims()[0]);
  return ToVector(r.Get("out"));
}

// Reference: per class, repeatedly take the best remaining candidate and drop every candidate overlapping
// it by more than the threshold (no eta); then keep_top_k over the image; rows by label, then score.
double RefIoU(const float* a, const float* b) {
  double iw = std::min(a[2], b[2]) - std::max(a[0], b[0]), ih = std::min(a[3], b[3]) - std::max(a[1], b[1]);
  if (iw < 0 || ih < 0) return 0;
  double inter = iw * ih;
  return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter);
}

void Reference(const Tensor& boxes, const Tensor& scores, const NmsAttrs& a, std::vector<float>* out,
               std::vector<float>* index, std::vector<float>* num) {
  const int64_t n = scores.dims()[0], classes = scores.dims()[1], m = scores.dims()[2];
  for (int64_t i = 0; i < n; ++i) {
    std::vector<std::tuple<float, int64_t, int64_t>> kept;  // (score, label, box)
    for (int64_t c = 0; c < classes; ++c) {
      if (c == a.background) continue;
      const float* s = scores.data<float>() + (i * classes + c) * m;
      std::vector<int64_t> cand;
      for (int64_t j = 0; j < m; ++j)
        if (s[j] > a.score_threshold) cand.push_back(j);
      std::sort(cand.begin(), cand.end(), [&](int64_t x, int64_t y) { return s[x] > s[y]; });
      if (a.nms_top_k >= 0 && static_cast<int64_t>(cand.size()) > a.nms_top_k) cand.resize(static_cast<size_t>(a.nms_top_k));
      while (!cand.empty()) {
        int64_t best = cand.front();
        kept.emplace_back(s[best], c, best);
        std::vector<int64_t> rest;
        for (size_t q = 1; q < cand.size(); ++q)
          if (RefIoU(boxes.data<float>() + (i * m + best) * 4, boxes.data<float>() + (i * m + cand[q]) * 4) <=
              a.nms_threshold)
            rest.push_back(cand[q]);
        cand = rest;
      }
    }
    std::sort(kept.begin(), kept.end(), [](const auto& x, const auto& y) { return std::get<0>(x) > std::get<0>(y); });
    if (a.keep_top_k >= 0 && static_cast<int64_t>(kept.size()) > a.keep_top_k) kept.resize(static_cast<size_t>(a.keep_top_k));
    std::stable_sort(kept.begin(), kept.end(), [](const auto& x, const auto& y) { return std::get<1>(x) < std::get<1>(y); });
    for (const auto& k : kept) {
      out->push_back(static_cast<float>(std::get<1>(k)));
      out->push_back(std::get<0>(k));
      for (int q = 0; q < 4; ++q) out->push_back(boxes.data<float>()[(i * m + std::get<2>(k)) * 4 + q]);
      index->push_back(static_cast<float>(i * m + std::get<2>(k)));
    }
    num->push_back(static_cast<float>(kept.size()));
  }
}

}  // namespace

TEST_CASE("multiclass_nms3 on hand-worked overlapping boxes", "[op][multiclass_nms]") {
  NmsAttrs a;
  DDim dims;
  std::vector<float> index;
  // Class 0: b0 kept, b1 suppressed (0.818 > 0.5), b2 kept, b3 kept (IoU 0.5 is not above 0.5).
  // Class 1: b1 kept, b3 kept (0.364), b0 suppressed by b1, b2 under the score threshold.
  std::vector<float> got = RunHand(a, &dims, &index);
  CHECK(dims == DDim({5, 6}));
  CHECK(got == Rows({Row(0, 0.9f, 0), Row(0, 0.7f, 2), Row(0, 0.6f, 3), Row(1, 0.95f, 1), Row(1, 0.3f, 3)}));
  CHECK(index == std::vector<float>{0, 2, 3, 1, 3});

  SECTION("keep_top_k keeps the best scores of the image, still grouped by label") {
    a.keep_top_k = 3;
    CHECK(RunHand(a) == Rows({Row(0, 0.9f, 0), Row(0, 0.7f, 2), Row(1, 0.95f, 1)}));
  }
  SECTION("nms_top_k limits the candidates of each class") {
    a.nms_top_k = 1;
    CHECK(RunHand(a) == Rows({Row(0, 0.9f, 0), Row(1, 0.95f, 1)}));
  }
  SECTION("background_label 0 skips class 0") {
    a.background = 0;
    CHECK(RunHand(a) == Rows({Row(1, 0.95f, 1), Row(1, 0.3f, 3)}));
  }
  SECTION("a lower nms_threshold also drops b3 under b0") {
    a.nms_threshold = 0.45f;
    CHECK(RunHand(a) == Rows({Row(0, 0.9f, 0), Row(0, 0.7f, 2), Row(1, 0.95f, 1), Row(1, 0.3f, 3)}));
  }
  SECTION("score_threshold is strict") {
    a.score_threshold = 0.6f;
    CHECK(RunHand(a) == Rows({Row(0, 0.9f, 0), Row(0, 0.7f, 2), Row(1, 0.95f, 1)}));
  }
}

TEST_CASE("multiclass_nms nms_eta shrinks the threshold after each kept box", "[op][multiclass_nms]") {
  // b1 and b2 overlap with IoU (1 - 0.25) / (1 + 0.25) = 0.6; b0 is apart.
  Tensor boxes = MakeTensor({1, 3, 4}, {0, 0, 1, 1, 5, 5, 6, 6, 5.25f, 5, 6.25f, 6});
  Tensor scores = MakeTensor({1, 1, 3}, {0.9f, 0.8f, 0.7f});
  NmsAttrs a;
  a.nms_threshold = 0.9f;
  auto r_owner = MakeRunner("multiclass_nms", boxes, scores, a, false);
  OpRunner& r = *r_owner;
  REQUIRE(r.Run().ok());
  CHECK(r.Get("out").dims() == DDim({3, 6}));
  a.nms_eta = 0.5f;  // 0.9 -> 0.45 after b0; b2 (0.6) is dropped
  auto e_owner = MakeRunner("multiclass_nms", boxes, scores, a, false);
  OpRunner& e = *e_owner;
  REQUIRE(e.Run().ok());
  CHECK(ToVector(e.Get("out")) == std::vector<float>{0, 0.9f, 0, 0, 1, 1, 0, 0.8f, 5, 5, 6, 6});
}

TEST_CASE("multiclass_nms pixel coordinates add 1 to widths and heights", "[op][multiclass_nms]") {
  // Normalized IoU 36 / 126 = 0.286; in pixels (10 x 10 boxes, overlap 5 x 10) 50 / 150 = 0.333.
  Tensor boxes = MakeTensor({1, 2, 4}, {0, 0, 9, 9, 5, 0, 14, 9});
  Tensor scores = MakeTensor({1, 1, 2}, {0.9f, 0.8f});
  NmsAttrs a;
  a.nms_threshold = 0.3f;
  auto norm_owner = MakeRunner("multiclass_nms", boxes, scores, a, false);
  OpRunner& norm = *norm_owner;
  REQUIRE(norm.Run().ok());
  CHECK(norm.Get("out").dims() == DDim({2, 6}));
  a.normalized = false;
  auto pix_owner = MakeRunner("multiclass_nms", boxes, scores, a, false);
  OpRunner& pix = *pix_owner;
  REQUIRE(pix.Run().ok());
  CHECK(ToVector(pix.Get("out")) == std::vector<float>{0, 0.9f, 0, 0, 9, 9});
}

TEST_CASE("multiclass_nms with no survivor follows Paddle's empty outputs", "[op][multiclass_nms]") {
  NmsAttrs a;
  a.score_threshold = 0.99f;
  Tensor boxes = MakeTensor({1, 4, 4}, kBoxes), scores = MakeTensor({1, 2, 4}, kScores);
  auto v1_owner = MakeRunner("multiclass_nms", boxes, scores, a, false);
  OpRunner& v1 = *v1_owner;
  REQUIRE(v1.Run().ok());
  CHECK(v1.Get("out").dims() == DDim({1, 1}));
  CHECK(ToVector(v1.Get("out")) == std::vector<float>{-1});
  auto v3_owner = MakeRunner("multiclass_nms3", boxes, scores, a, true);
  OpRunner& v3 = *v3_owner;
  REQUIRE(v3.Run().ok());
  CHECK(v3.Get("out").dims() == DDim({0, 6}));
  CHECK(v3.Get("index").dims() == DDim({0, 1}));
  CHECK(ToVector(v3.Get("num")) == std::vector<float>{0});

  // The same op run again on data with survivors grows its outputs.
  float* s = v3.Mutable("scores")->data<float>();
  s[0] = 1.f;
  REQUIRE(v3.RunAgain().ok());
  CHECK(v3.Get("out").dims() == DDim({1, 6}));
  CHECK(ToVector(v3.Get("out")) == Row(0, 1.f, 0));
  CHECK(ToVector(v3.Get("index")) == std::vector<float>{0});
}

TEST_CASE("multiclass_nms3 on random batches matches the reference", "[op][multiclass_nms]") {
  struct Case {
    int64_t n, classes, m;
    NmsAttrs a;
  };
  NmsAttrs base;
  base.score_threshold = 0.2f;
  NmsAttrs topk = base;
  topk.nms_top_k = 9;
  topk.keep_top_k = 7;
  topk.background = 1;
  NmsAttrs strict = base;
  strict.nms_threshold = 0.1f;
  strict.background = 0;
  for (const Case& c : {Case{2, 3, 17, base}, Case{3, 4, 33, topk}, Case{1, 2, 64, strict}, Case{2, 1, 8, topk}}) {
    INFO("n " << c.n << " classes " << c.classes << " m " << c.m);
    Tensor boxes = RandomTensor({c.n, c.m, 4}, 21, 0.f, 1.f);
    float* b = boxes.mutable_data<float>();
    for (int64_t i = 0; i < c.n * c.m; ++i) {  // corners: top-left in [0, 1), size in [0.1, 0.5)
      b[i * 4 + 2] = b[i * 4 + 0] + 0.1f + 0.4f * b[i * 4 + 2];
      b[i * 4 + 3] = b[i * 4 + 1] + 0.1f + 0.4f * b[i * 4 + 3];
    }
    Tensor scores = RandomTensor({c.n, c.classes, c.m}, 22, 0.f, 1.f);
    auto r_owner = MakeRunner("multiclass_nms3", boxes, scores, c.a, true);
    OpRunner& r = *r_owner;
    Status s = r.Run();
    INFO(s.message());
    REQUIRE(s.ok());
    std::vector<float> out, index, num;
    Reference(boxes, scores, c.a, &out, &index, &num);
    REQUIRE(!out.empty());
    CHECK(r.Get("out").dims() == DDim({static_cast<int64_t>(index.size()), 6}));
    std::string why;
    CHECK(AllClose(ToVector(r.Get("out")), out, 0, 0, &why));
    INFO(why);
    CHECK(ToVector(r.Get("index")) == index);
    CHECK(ToVector(r.Get("num")) == num);
  }
}

TEST_CASE("multiclass_nms rejects unsupported inputs and missing attributes", "[op][multiclass_nms]") {
  NmsAttrs a;
  Status s = MakeRunner("multiclass_nms3", RandomTensor({8, 4}, 1), RandomTensor({8, 3}, 2), a, false)->Run();
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("Scores") != std::string::npos);
  s = MakeRunner("multiclass_nms", RandomTensor({1, 5, 8}, 1), RandomTensor({1, 2, 5}, 2), a, false)->Run();
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("polygon") != std::string::npos);
  s = MakeRunner("multiclass_nms", RandomTensor({1, 5, 4}, 1), RandomTensor({1, 2, 6}, 2), a, false)->Run();
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("BBoxes") != std::string::npos);

  OpRunner r("multiclass_nms");
  r.In("BBoxes", "boxes", RandomTensor({1, 5, 4}, 1))
      .In("Scores", "scores", RandomTensor({1, 2, 5}, 2))
      .Out("Out", "out")
      .Attr("score_threshold", Attribute::Float(0.1))
      .Attr("nms_top_k", Attribute::Int(10));
  s = r.Run();
  CHECK(!s.ok());
  CHECK(s.message().find("keep_top_k") != std::string::npos);
}
