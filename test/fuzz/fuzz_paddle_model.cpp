// libFuzzer target: a whole Paddle model through the public API: Model::LoadFromMemory (parse, params,
// passes), Predictor::Create, then one Run on small inputs (models within fuzz_common.h's work bound) (every feed's declared shape with unknown dims
// as 1, each dim at most 32, at most 64K elements).
//
// Input: a 4-byte little-endian length L, L bytes of ProgramDesc, then the combined params. When the length
// has its top bit set, the params are ignored and weights are generated from the declared shapes (so
// graph-only seeds explore the ops).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>

#include "fuzz_common.h"
#include "io/ember.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ember_fuzz::InitLimits();
  if (size < 4) return 0;
  uint32_t len = 0;
  std::memcpy(&len, data, 4);
  const bool generate = (len & 0x80000000u) != 0;
  len &= 0x7fffffffu;
  data += 4, size -= 4;
  if (len > size) len = static_cast<uint32_t>(size);
  ember::ModelOptions mo;
  mo.generate_weights = generate;
  std::shared_ptr<const ember::Model> model;
  if (!ember::Model::LoadFromMemory(data, len, data + len, size - len, mo, &model).ok()) return 0;
  ember_fuzz::PredictOnce(model);
  return 0;
}
