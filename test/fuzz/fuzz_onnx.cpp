// libFuzzer target: the ONNX importer (ImportOnnxBuffer), then the imported program optimized and run once
// on small inputs.
#include <cstddef>
#include <cstdint>

#include "fuzz_common.h"
#include "io/onnx/onnx_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ember_fuzz::InitLimits();
  ember::ProgramDesc program;
  ember::Scope weights;
  try {
    if (!ember::ImportOnnxBuffer(data, size, "fuzz.onnx", &program, &weights).ok()) return 0;
  } catch (const std::bad_alloc&) {
    return 0;
  }
  ember_fuzz::OptimizeAndRun(&program, &weights);
  return 0;
}
