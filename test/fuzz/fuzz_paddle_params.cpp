// libFuzzer target: Paddle params files. The first byte picks the mode:
//   even: a combined params file for a fixed program (pl_simple_model: conv2d filter + batch_norm params),
//   odd:  one separate tensor file for a variable of dtype (byte >> 1) % 8 and rank ((byte >> 4) & 7) % 5
//         whose dims are all unknown.
// Bit 7 of the byte chooses zero-copy loading (the bytes as a backing Allocation) or copying.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_common.h"
#include "io/paddle/paddle_loader.h"

#ifndef EMBER_FUZZ_DATA_DIR
#error "EMBER_FUZZ_DATA_DIR must name test/fuzz/data"
#endif

namespace {
const ember::ProgramDesc& FixedProgram() {
  static ember::ProgramDesc program = [] {
    ember::ProgramDesc p;
    std::string buf;
    std::string path = std::string(EMBER_FUZZ_DATA_DIR) + "/pl_simple_model.pdmodel";
    if (!ember::ReadFileToString(path, &buf).ok() ||
        !ember::ParseProgramDesc(buf.data(), buf.size(), path, &p).ok())
      std::abort();  // the harness is broken, not the library
    return p;
  }();
  return program;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ember_fuzz::InitLimits();
  if (size < 1) return 0;
  const uint8_t mode = data[0];
  ++data, --size;
  // The buffer libFuzzer hands over is exactly `size` bytes: ASan catches any read past it. Zero-copy
  // tensors alias it, so they must not outlive this call (they do not: the scope dies here).
  std::shared_ptr<ember::Allocation> backing;
  if (mode & 0x80) backing = std::make_shared<ember::Allocation>(const_cast<uint8_t*>(data), size, false);
  if ((mode & 1) == 0) {
    ember::Scope weights;
    (void)ember::LoadCombinedParams(FixedProgram(), size ? data : reinterpret_cast<const uint8_t*>(""), size, "fuzz",
                                    &weights, backing);
    return 0;
  }
  static const ember::VarDataType kTypes[8] = {
      ember::VarDataType::kFP32, ember::VarDataType::kFP16,  ember::VarDataType::kFP64, ember::VarDataType::kInt32,
      ember::VarDataType::kInt64, ember::VarDataType::kInt8, ember::VarDataType::kUInt8, ember::VarDataType::kBool};
  ember::VarDesc var;
  var.name = "w";
  var.persistable = true;
  var.dtype = static_cast<int>(kTypes[(mode >> 1) % 8]);
  var.dims.assign(((mode >> 4) & 7) % 5, -1);
  size_t offset = 0;
  ember::Tensor t;
  ember::Status s = ember::ParseSerializedTensor(data, size, &offset, var, "fuzz", &t, backing);
  if (s.ok()) {
    if (offset > size) std::abort();
    // Touch every byte of the result: it must be inside what was allocated or mapped.
    volatile uint8_t sink = 0;
    const uint8_t* p = static_cast<const uint8_t*>(t.raw_data());
    for (size_t i = 0; p && i < t.nbytes(); ++i) sink ^= p[i];
    (void)sink;
  }
  return 0;
}
