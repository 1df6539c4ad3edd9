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
  ember_fuzz::PredictOnce(model);
  return 0;
}
