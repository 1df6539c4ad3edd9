// libFuzzer target: a slim model (io/slim/slim_model.h) through the public API: Model::LoadFromMemory (the
// format told by its magic; the weights copied), Predictor::Create, then one Run on small inputs (models
// within fuzz_common.h's work bound), every output byte read. The seeds are small models written by
// `ember convert MODEL test/fuzz/corpus/fuzz_slim/NAME.ember --slim` from ../shared/models/paddle/pl_simple_model
// and 18 of libonnx-testdata's node tests (conv, pools, gemm, resize, gather, concat, softmax, slice, lstm, ...).
#include <cstddef>
#include <cstdint>
#include <memory>

#include "fuzz_common.h"
#include "io/ember.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ember_fuzz::InitLimits();
  std::shared_ptr<const ember::Model> model;
  if (!ember::Model::LoadFromMemory(data, size, nullptr, 0, {}, &model).ok()) return 0;
  if (ember_fuzz::WeightElements(model->weights()) > ember_fuzz::kRunBudget) return 0;
  std::unique_ptr<ember::Predictor> predictor;
  if (!ember::Predictor::Create(model, {}, &predictor).ok()) return 0;
  for (const auto& name : predictor->FeedNames())
    if (!predictor->SetInput(name, ember_fuzz::MakeInput(model->program().block0().FindVar(name))).ok()) return 0;
  if (!predictor->Run().ok()) return 0;
  for (const auto& name : predictor->FetchNames()) {
    const ember::Tensor* out = nullptr;
    if (predictor->GetOutput(name, &out).ok() && out && out->raw_data()) {
      volatile uint8_t sink = 0;
      const uint8_t* p = static_cast<const uint8_t*>(out->raw_data());
      for (size_t i = 0; i < out->nbytes(); ++i) sink ^= p[i];
      (void)sink;
    }
  }
  return 0;
}
