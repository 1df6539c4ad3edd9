// onnx_dropout: the copy when deterministic (runtime TrainingMode false, or ratio 0), the random mask's
// structure in training mode (dropped elements 0, kept ones scaled, Mask agreeing, a fraction near the ratio),
// and its errors.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("onnx_dropout copies X when not training or when ratio is 0", "[op][onnx_dropout]") {
  Tensor x = RandomTensor({3, 4, 5}, 1);
  struct Case {
    float ratio;
    bool training;
  };
  for (const Case& c : std::vector<Case>{{0.5f, false}, {0.f, true}, {0.9f, false}}) {
    INFO("ratio " << c.ratio << " training " << c.training);
    OpRunner r("onnx_dropout");
    r.In("X", "x", x).In("Ratio", "r", MakeTypedTensor<float>({}, {c.ratio}))
        .In("TrainingMode", "t", MakeTypedTensor<bool>({}, {c.training})).Out("Out", "y").Out("Mask", "m")
        .Attr("ratio", Attribute::Float(0.7f)).Attr("training_mode", Attribute::Bool(true));
    REQUIRE(r.Run().ok());
    CHECK(ToVector(r.Get("y")) == ToVector(x));
    REQUIRE(r.Get("m").dtype() == DataType::kBool);
    CHECK(ToVector(r.Get("m")) == std::vector<float>(60, 1.f));
  }
}

TEST_CASE("onnx_dropout in training mode drops about ratio of the elements and scales the rest",
          "[op][onnx_dropout]") {
  const int64_t n = 20000;
  Tensor x = RandomTensor({n}, 2);
  std::vector<float> xv = ToVector(x);
  for (float& v : xv) if (v == 0.f) v = 1.f;
  x = MakeTensor({n}, xv);
  for (float ratio : {0.25f, 0.75f}) {
    INFO("ratio " << ratio);
    OpRunner r("onnx_dropout");
    r.In("X", "x", x).Out("Out", "y").Out("Mask", "m").Attr("ratio", Attribute::Float(ratio))
        .Attr("training_mode", Attribute::Bool(true)).Attr("seed", Attribute::Int(7));
    REQUIRE(r.Run().ok());
    std::vector<float> y = ToVector(r.Get("y")), m = ToVector(r.Get("m"));
    int64_t dropped = 0;
    for (int64_t i = 0; i < n; ++i) {
      const bool keep = m[static_cast<size_t>(i)] != 0.f;
      if (!keep) ++dropped;
      const float want = keep ? xv[static_cast<size_t>(i)] / (1.f - ratio) : 0.f;
      if (std::fabs(y[static_cast<size_t>(i)] - want) > 1e-5f * (1.f + std::fabs(want))) {
        FAIL("element " << i << ": " << y[static_cast<size_t>(i)] << " != " << want);
      }
    }
    // Binomial(20000, ratio): 6 standard deviations are under 400 elements.
    CHECK(std::fabs(static_cast<double>(dropped) - ratio * n) < 400);
    // A second run draws a different mask; a new predictor (op) repeats the first.
    std::vector<float> first = m;
    REQUIRE(r.RunAgain().ok());
    CHECK(ToVector(r.Get("m")) != first);
    OpRunner again("onnx_dropout");
    again.In("X", "x", x).Out("Out", "y").Out("Mask", "m").Attr("ratio", Attribute::Float(ratio))
        .Attr("training_mode", Attribute::Bool(true)).Attr("seed", Attribute::Int(7));
    REQUIRE(again.Run().ok());
    CHECK(ToVector(again.Get("m")) == first);
  }
}

TEST_CASE("onnx_dropout rejects bad ratios and inputs", "[op][onnx_dropout]") {
  auto run = [](float ratio, bool training, const Tensor* ratio_t) {
    OpRunner r("onnx_dropout");
    r.In("X", "x", RandomTensor({4}, 1)).Out("Out", "y").Attr("ratio", Attribute::Float(ratio))
        .Attr("training_mode", Attribute::Bool(training));
    if (ratio_t) r.In("Ratio", "r", *ratio_t);
    return r.Run();
  };
  Status s = run(1.5f, false, nullptr);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("ratio") != std::string::npos);
  s = run(1.f, true, nullptr);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("ratio") != std::string::npos);
  CHECK(run(1.f, false, nullptr).ok());
  Tensor two = MakeTensor({2}, {0.1f, 0.2f});
  s = run(0.5f, true, &two);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("Ratio") != std::string::npos);
}
