// libFuzzer target: a slim model (io/slim/slim_model.h) through the public API: Model::LoadFromMemory (the
// format told by its magic; the weights copied) and Predictor::Create. With EMBER_FUZZ_SLIM_RUN=1 also one Run
// on small inputs (models within fuzz_common.h's work bound), every output read: that reaches every op's shape
// inference with any int64 attribute (Paddle's INT attributes are 32-bit), where it found a blocksize, a conv
// dilation and an RNN hidden size whose products overflowed; run it long (`EMBER_FUZZ_SLIM_RUN=1 tools/fuzz.sh
// 1800 fuzz_slim`) before relying on it in CI. The seeds are small models written by
// `ember convert MODEL test/fuzz/corpus/fuzz_slim/NAME.ember --slim` from ../shared/models/paddle/pl_simple_model
// and 18 of libonnx-testdata's node tests (conv, pools, gemm, resize, gather, concat, softmax, slice, lstm, ...).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "fuzz_common.h"
#include "io/ember.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ember_fuzz::InitLimits();
  std::shared_ptr<const ember::Model> model;
  if (!ember::Model::LoadFromMemory(data, size, nullptr, 0, {}, &model).ok()) return 0;
  static const bool run = std::getenv("EMBER_FUZZ_SLIM_RUN") != nullptr;
  if (run) {
    ember_fuzz::PredictOnce(model);
    return 0;
  }
  std::unique_ptr<ember::Predictor> predictor;
  (void)ember::Predictor::Create(model, {}, &predictor);
  return 0;
}
