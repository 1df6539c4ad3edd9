// libFuzzer target: the ncnn importer (ImportNcnnBuffers), then the imported program optimized and run once
// on small inputs. The input is a .param (text when it starts with the magic 7767517, else .param.bin),
// optionally followed by the marker "#EMBIN#\n" and the .bin weights; without the marker weights are
// generated.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

#include "fuzz_common.h"
#include "io/ncnn/ncnn_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  ember_fuzz::InitLimits();
  std::string all(reinterpret_cast<const char*>(data), size);
  static const char kMarker[] = "#EMBIN#\n";
  size_t m = all.find(kMarker);
  std::string param = all.substr(0, m);
  std::string bin = m == std::string::npos ? std::string() : all.substr(m + sizeof(kMarker) - 1);
  const bool text = param.compare(0, 7, "7767517") == 0;
  ember::ProgramDesc program;
  ember::Scope weights;
  try {
    if (!ember::ImportNcnnBuffers(param, !text, m == std::string::npos ? nullptr : &bin,
                                  m == std::string::npos, "fuzz.param", &program, &weights)
             .ok())
      return 0;
  } catch (const std::bad_alloc&) {
    return 0;
  }
  ember_fuzz::OptimizeAndRun(&program, &weights);
  return 0;
}
