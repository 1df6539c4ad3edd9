// Allocation-failure injection (as ncnn's test_layer_oom): for every i, the i-th tensor allocation during
// load and the first runs fails; each attempt must end in an OutOfMemory status, never a crash or another
// error, and once i passes the number of allocations the model loads and runs correctly. ASan (CI's
// sanitizer build) checks that the failed attempts leak nothing.
#include <catch2/catch.hpp>

#include "io/ember.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
// load + create + two runs (the second on the planned arena); returns the first failing status.
Status LoadAndRun(const std::string& model, const std::string& params, const Tensor& x, std::vector<float>* out) {
  std::shared_ptr<const Model> m;
  EMBER_RETURN_IF_ERROR(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m));
  std::unique_ptr<Predictor> p;
  EMBER_RETURN_IF_ERROR(Predictor::Create(m, {}, &p));
  EMBER_RETURN_IF_ERROR(p->SetInput("x", x));
  for (int i = 0; i < 2; ++i) EMBER_RETURN_IF_ERROR(p->Run());
  const Tensor* t = nullptr;
  EMBER_RETURN_IF_ERROR(p->GetOutput("y", &t));
  *out = ToVector(*t);
  return Status::OK();
}

// conv + batch_norm + relu + avg pool, serialized.
void SmallModel(std::string* model, std::string* params) {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 2, 5, 5})
      .Weight("w", RandomTensor({3, 2, 3, 3}, 1))
      .Weight("s", RandomTensor({3}, 2, 0.5f, 1.5f)).Weight("b", RandomTensor({3}, 3))
      .Weight("m", RandomTensor({3}, 4)).Weight("v", RandomTensor({3}, 5, 0.5f, 1.5f))
      .Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}},
          {{"strides", Attribute::Ints({1, 1})}, {"paddings", Attribute::Ints({1, 1})},
           {"dilations", Attribute::Ints({1, 1})}, {"groups", Attribute::Int(1)}})
      .Op("batch_norm", {{"X", {"c"}}, {"Scale", {"s"}}, {"Bias", {"b"}}, {"Mean", {"m"}}, {"Variance", {"v"}}},
          {{"Y", {"bn"}}}, {{"epsilon", Attribute::Float(1e-5)}})
      .Op("relu", {{"X", {"bn"}}}, {{"Out", {"r"}}})
      .Op("pool2d", {{"X", {"r"}}}, {{"Out", {"y"}}},
          {{"pooling_type", Attribute::String("avg")}, {"ksize", Attribute::Ints({2, 2})},
           {"strides", Attribute::Ints({2, 2})}, {"paddings", Attribute::Ints({0, 0})}})
      .Fetch("y");
  pb.Serialize(model, params);
}
}  // namespace

TEST_CASE("every allocation failing in turn gives OutOfMemory, then success", "[framework][oom]") {
  std::string model, params;
  SmallModel(&model, &params);
  const Tensor x = RandomTensor({1, 2, 5, 5}, 9);  // made before injection: only Ember's allocations fail
  std::vector<float> want;
  REQUIRE(LoadAndRun(model, params, x, &want).ok());
  int failures = 0;
  bool succeeded = false;
  for (long i = 0; i < 10000 && !succeeded; ++i) {
    SetAllocationFailureAfter(i);
    std::vector<float> got;
    Status s = LoadAndRun(model, params, x, &got);
    SetAllocationFailureAfter(-1);
    if (s.ok()) {
      succeeded = true;
      CHECK(got == want);
    } else {
      INFO("allocation " << i << ": " << s.ToString());
      CHECK(s.code() == StatusCode::kOutOfMemory);
      ++failures;
    }
  }
  CHECK(succeeded);
  CHECK(failures >= 8);  // weights, folded weights, input, intermediates, arena: many allocation points
}

TEST_CASE("the total tensor memory limit stops a load or run cleanly at any bound", "[framework][oom]") {
  std::string model, params;
  SmallModel(&model, &params);
  const Tensor x = RandomTensor({16, 2, 5, 5}, 9);
  std::vector<float> want;
  REQUIRE(LoadAndRun(model, params, x, &want).ok());
  const size_t old = TensorMemoryLimit();
  const size_t base = TensorMemoryInUse();
  int refused = 0;
  bool succeeded = false;
  for (size_t room = 0; room <= (size_t{1} << 20) && !succeeded; room += 1024) {
    SetTensorMemoryLimit(base + room);
    std::vector<float> got;
    Status s = LoadAndRun(model, params, x, &got);
    SetTensorMemoryLimit(old);
    INFO("room " << room << ": " << s.ToString());
    CHECK(TensorMemoryInUse() == base);  // a failed attempt gives every byte back
    if (s.ok()) {
      succeeded = true;
      CHECK(got == want);
    } else {
      CHECK(s.code() == StatusCode::kOutOfMemory);
      CHECK(s.message().find("tensor memory limit") != std::string::npos);
      ++refused;
    }
  }
  CHECK(succeeded);
  CHECK(refused > 4);
}
