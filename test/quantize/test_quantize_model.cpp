// QuantizeModel on programs built here: which convs it quantizes (thin ones stay float; those reading the input
// or making the output unless asked), the int8 weights it stores (checked against the rounding of the original
// weights by their channel's abs max, computed here), that the written program loads onto quantized_conv2d,
// and that its outputs stay close to the float model's.
#include <catch2/catch.hpp>

#include <cmath>

#include "io/ember.h"
#include "io/paddle/paddle_writer.h"
#include "quantize/quantize_model.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

std::map<std::string, Attribute> Conv(int64_t stride, int64_t pad, int64_t groups = 1) {
  return {{"strides", Attribute::Ints({stride, stride})}, {"paddings", Attribute::Ints({pad, pad})},
          {"dilations", Attribute::Ints({1, 1})}, {"groups", Attribute::Int(groups)}};
}

// x [N, 8, 16, 16] -> scale -> conv 8->16 + relu -> conv 16->32 s2 + relu -> conv 32->32 1x1 in groups of 4
// channels + relu -> conv 32->10 1x1.
std::shared_ptr<const Model> FourConvs() {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 8, 16, 16})
      .Weight("w1", RandomTensor({16, 8, 3, 3}, 1, -0.3f, 0.3f))
      .Weight("w2", RandomTensor({32, 16, 3, 3}, 2, -0.2f, 0.2f))
      .Weight("w3", RandomTensor({32, 4, 1, 1}, 3, -0.5f, 0.5f))
      .Weight("w4", RandomTensor({10, 32, 1, 1}, 4, -0.3f, 0.3f));
  pb.Op("scale", {{"X", {"x"}}}, {{"Out", {"xs"}}}, {{"scale", Attribute::Float(0.5)}})
      .Op("conv2d", {{"Input", {"xs"}}, {"Filter", {"w1"}}}, {{"Output", {"c1"}}}, Conv(1, 1))
      .Op("relu", {{"X", {"c1"}}}, {{"Out", {"r1"}}})
      .Op("conv2d", {{"Input", {"r1"}}, {"Filter", {"w2"}}}, {{"Output", {"c2"}}}, Conv(2, 1))
      .Op("relu", {{"X", {"c2"}}}, {{"Out", {"r2"}}})
      .Op("conv2d", {{"Input", {"r2"}}, {"Filter", {"w3"}}}, {{"Output", {"c3"}}}, Conv(1, 0, 8))
      .Op("relu", {{"X", {"c3"}}}, {{"Out", {"r3"}}})
      .Op("conv2d", {{"Input", {"r3"}}, {"Filter", {"w4"}}}, {{"Output", {"y"}}}, Conv(1, 0))
      .Fetch("y");
  std::string model, params;
  pb.Serialize(&model, &params);
  ModelOptions mo;
  mo.optimize = false;
  std::shared_ptr<const Model> m;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), mo, &m).ok());
  return m;
}

std::vector<CalibrationSample> Samples(int n, uint32_t seed) {
  std::vector<CalibrationSample> s;
  for (int i = 0; i < n; ++i) s.push_back({{"x", RandomTensor({1, 8, 16, 16}, seed + i, -1.f, 1.f)}});
  return s;
}

std::shared_ptr<const Model> Written(const QuantizeResult& r, const Scope& w) {
  ProgramDesc p = r.program;
  REQUIRE(PreparePaddleProgram(&p, w).ok());
  std::string model, params;
  REQUIRE(SerializePaddleModel(p, w, &model, &params).ok());
  std::shared_ptr<const Model> m;
  Status s = Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), ModelOptions(), &m);
  INFO(s.message());
  REQUIRE(s.ok());
  return m;
}

}  // namespace

TEST_CASE("quantize: thin convs stay float, input and output convs unless asked; the rest run int8", "[quantize]") {
  auto model = FourConvs();
  const auto samples = Samples(6, 10);
  for (bool first_last : {false, true}) {
    QuantizeOptions o;
    o.method = CalibrationMethod::kMinMax;
    o.quantize_first_last = first_last;
    o.min_k = 0;
    Scope w(&model->weights());
    QuantizeResult r;
    Status s = QuantizeModel(model, samples, o, &w, &r);
    INFO(s.message());
    REQUIRE(s.ok());
    REQUIRE(r.layers.size() == 4);
    CHECK(r.layers[0].reason == (first_last ? "" : "reads the input"));
    CHECK(r.layers[1].quantized);
    CHECK(r.layers[2].reason == "fewer than 8 input channels per group");
    CHECK(r.layers[3].reason == (first_last ? "" : "makes an output"));
    const int int8_convs = first_last ? 3 : 1;
    auto written = Written(r, w);
    CHECK(written->program().OpTypeCounts()["quantized_conv2d"] == int8_convs);
    CHECK(written->program().OpTypeCounts()["quantize_linear"] == 0);
    OutputError e;
    REQUIRE(CompareModels(model, written, Samples(20, 100), &e).ok());
    CHECK(e.samples == 20);
    CHECK(e.max_rel < 0.02);
    CHECK(e.max_rel > 0);  // int8, not the float model again
  }
}

TEST_CASE("quantize: the int8 filter is the weights rounded by their channel's abs max", "[quantize]") {
  auto model = FourConvs();
  QuantizeOptions o;
  o.quantize_first_last = true;
  o.min_k = 0;
  o.keep_float = {"xs", "y"};  // by input and by output variable: conv 2 alone is quantized
  Scope w(&model->weights());
  QuantizeResult r;
  REQUIRE(QuantizeModel(model, Samples(4, 20), o, &w, &r).ok());
  CHECK(r.layers[0].reason == "--keep-float");
  CHECK(r.layers[3].reason == "--keep-float");
  REQUIRE(r.layers[1].quantized);
  const OpDesc* deq = nullptr;
  for (const auto& op : r.program.block0().ops)
    if (op.type == "dequantize_linear" && op.Input("X")[0].find("w2") == 0) deq = &op;
  REQUIRE(deq);
  const Tensor& q = w.FindVar(deq->Input("X")[0])->Get();
  const Tensor& scale = w.FindVar(deq->Input("Scale")[0])->Get();
  const Tensor& f = model->weights().FindVar("w2")->Get();
  REQUIRE(q.dtype() == DataType::kInt8);
  const int64_t per = 16 * 3 * 3;
  for (int64_t o2 = 0; o2 < 32; ++o2) {
    const float* fo = f.data<float>() + o2 * per;
    float m = 0;
    for (int64_t k = 0; k < per; ++k) m = std::max(m, std::fabs(fo[k]));
    CHECK(scale.data<float>()[o2] == m);
    for (int64_t k = 0; k < per; ++k)
      CHECK(q.data<int8_t>()[o2 * per + k] == static_cast<int8_t>(std::lround(fo[k] / m * 127)));
  }
}

TEST_CASE("quantize: convs with fewer than min_k products per output stay float", "[quantize]") {
  auto model = FourConvs();
  QuantizeOptions o;
  o.quantize_first_last = true;
  o.min_k = 100;  // conv 1: K = 8 x 3 x 3 = 72; conv 2: 144; conv 4: 32
  Scope w(&model->weights());
  QuantizeResult r;
  REQUIRE(QuantizeModel(model, Samples(2, 30), o, &w, &r).ok());
  CHECK(r.layers[0].reason == "K = 72 < --min-k");
  CHECK(r.layers[1].quantized);
  CHECK(r.layers[3].reason == "K = 32 < --min-k");
}

TEST_CASE("quantize: calibration samples must give the model's input", "[quantize]") {
  auto model = FourConvs();
  Scope w(&model->weights());
  QuantizeResult r;
  Status s = QuantizeModel(model, {{{"image", RandomTensor({1, 8, 16, 16}, 1)}}}, QuantizeOptions(), &w, &r);
  CHECK_FALSE(s.ok());
  CHECK_THAT(s.message(), Catch::Contains("'x'"));
  s = QuantizeModel(model, {}, QuantizeOptions(), &w, &r);
  CHECK_FALSE(s.ok());
  CHECK_THAT(s.message(), Catch::Contains("calibration sample"));
}

TEST_CASE("quantize: auto keeps the method whose model is closest to float on the samples", "[quantize]") {
  auto model = FourConvs();
  const auto samples = Samples(5, 40);
  // Each method on its own, measured here on the written model as a user loads it.
  std::map<CalibrationMethod, double> alone;
  for (CalibrationMethod m : {CalibrationMethod::kKl, CalibrationMethod::kPercentile, CalibrationMethod::kMinMax}) {
    QuantizeOptions o;
    o.method = m;
    o.quantize_first_last = true;
    o.min_k = 0;
    Scope w(&model->weights());
    QuantizeResult r;
    REQUIRE(QuantizeModel(model, samples, o, &w, &r).ok());
    CHECK(r.method == m);
    CHECK(r.tried.empty());
    OutputError e;
    REQUIRE(CompareModels(model, Written(r, w), samples, &e).ok());
    CHECK(e.mean_rel > 0);
    CHECK(e.mean_rel <= e.max_rel);
    alone[m] = e.mean_rel;
  }
  QuantizeOptions o;  // the default: auto
  REQUIRE(o.method == CalibrationMethod::kAuto);
  o.quantize_first_last = true;
  o.min_k = 0;
  Scope w(&model->weights());
  QuantizeResult r;
  REQUIRE(QuantizeModel(model, samples, o, &w, &r).ok());
  REQUIRE(r.tried.size() == 3);
  double best = alone.begin()->second;
  for (const auto& t : r.tried) {
    INFO(CalibrationMethodName(t.first));
    CHECK(t.second == Approx(alone[t.first]).epsilon(1e-3).margin(1e-7));
    best = std::min(best, alone[t.first]);
  }
  CHECK(r.method != CalibrationMethod::kAuto);
  CHECK(alone[r.method] <= best * (1 + 1e-3) + 1e-7);
  OutputError e;
  REQUIRE(CompareModels(model, Written(r, w), samples, &e).ok());
  CHECK(e.mean_rel == Approx(alone[r.method]).epsilon(1e-6).margin(1e-9));
}
