// The entry points of the model formats a build leaves out (EMBER_FORMATS, from the net profile's
// EMBER_NET_FORMATS): each answers Unimplemented naming the format, the model and the formats the build has, so
// the API, the CLI and the JNI bridge compile unchanged in a one-format build and fail clearly at load.
#include <string>
#include <vector>

#include "io/converter_list.h"
#include "io/ncnn/ncnn_importer.h"
#include "io/onnx/onnx_importer.h"
#include "io/paddle/paddle_loader.h"
#include "io/paddle/paddle_writer.h"
#include "io/slim/slim_model.h"

// 1 for each format the build has (CMake defines them), 0 for the others.
#ifndef EMBER_FORMAT_PADDLE
#define EMBER_FORMAT_PADDLE 0
#endif
#ifndef EMBER_FORMAT_ONNX
#define EMBER_FORMAT_ONNX 0
#endif
#ifndef EMBER_FORMAT_NCNN
#define EMBER_FORMAT_NCNN 0
#endif
#ifndef EMBER_FORMAT_SLIM
#define EMBER_FORMAT_SLIM 0
#endif

namespace ember {
namespace {

[[maybe_unused]] std::string BuiltFormats() {
  std::string s;
  for (const char* f : {EMBER_FORMAT_PADDLE ? "paddle" : "", EMBER_FORMAT_ONNX ? "onnx" : "",
                        EMBER_FORMAT_NCNN ? "ncnn" : "", EMBER_FORMAT_SLIM ? "slim" : ""})
    if (*f) s += (s.empty() ? "" : ", ") + std::string(f);
  return s.empty() ? "none" : s;
}

[[maybe_unused]] Status NotBuilt(const char* format, const std::string& what) {
  return Unimplemented(what, ": ", format, " models are not in this build (it reads ", BuiltFormats(), "; net profile '",
                       EMBER_NET_PROFILE, "'): build with EMBER_FORMATS including ", format);
}

}  // namespace

#if !EMBER_FORMAT_ONNX
Status ImportOnnxFile(const std::string& path, ProgramDesc*, Scope*) { return NotBuilt("onnx", "model " + path); }
Status ImportOnnxBuffer(const void*, size_t, const std::string& source, ProgramDesc*, Scope*, const std::string&) {
  return NotBuilt("onnx", "model " + source);
}
Status ParseOnnxTensor(const void*, size_t, const std::string& source, Tensor*, std::string*, const std::string&) {
  return NotBuilt("onnx", "tensor " + source);
}
std::vector<ConverterInfo> OnnxConverterList() { return {}; }
#endif

#if !EMBER_FORMAT_NCNN
Status ImportNcnnFiles(const std::string& param_path, const std::string&, bool, ProgramDesc*, Scope*) {
  return NotBuilt("ncnn", "model " + param_path);
}
Status ImportNcnnBuffers(const std::string&, bool, const std::string*, bool, const std::string& source, ProgramDesc*,
                         Scope*) {
  return NotBuilt("ncnn", "model " + source);
}
std::vector<ConverterInfo> NcnnConverterList() { return {}; }
#endif

#if !EMBER_FORMAT_PADDLE
Status FindPaddleModelFiles(const std::string& path, const std::string&, PaddleModelFiles*) {
  return NotBuilt("paddle", "model " + path);
}
Status ParseProgramDesc(const void*, size_t, const std::string& source, ProgramDesc*) {
  return NotBuilt("paddle", "model " + source);
}
Status LoadCombinedParams(const ProgramDesc&, const void*, size_t, const std::string& source, Scope*,
                          const std::shared_ptr<Allocation>&) {
  return NotBuilt("paddle", "params " + source);
}
Status LoadSeparateParams(const ProgramDesc&, const std::string& dir, Scope*) {
  return NotBuilt("paddle", "weights in " + dir);
}
std::vector<const VarDesc*> WeightVarsInFileOrder(const ProgramDesc&) { return {}; }
Status ParseSerializedTensor(const uint8_t*, size_t, size_t*, const VarDesc&, const std::string& source, Tensor*,
                             const std::shared_ptr<Allocation>&) {
  return NotBuilt("paddle", "tensor " + source);
}
Status WritePaddleModel(const ProgramDesc&, const Scope&, const std::string& dir, const PaddleWriteOptions&,
                        PaddleWriteReport*) {
  return NotBuilt("paddle", "writing " + dir);
}
#endif

#if !EMBER_FORMAT_SLIM
Status ParseSlimModel(const void*, size_t, const std::string& source, const std::shared_ptr<Allocation>&, ProgramDesc*,
                      Scope*) {
  return NotBuilt("slim", "model " + source);
}
Status LoadSlimFile(const std::string& path, ProgramDesc*, Scope*) { return NotBuilt("slim", "model " + path); }
Status SerializeSlimModel(const ProgramDesc&, const Scope&, std::string*, SlimWriteReport*) {
  return NotBuilt("slim", "writing a slim model");
}
Status WriteSlimModel(const ProgramDesc&, const Scope&, const std::string& path, SlimWriteReport*) {
  return NotBuilt("slim", "writing " + path);
}
Status WriteOptimizedSlimModel(const ProgramDesc&, const Scope&, const std::vector<std::string>&,
                               const std::string& path, SlimWriteReport*, ProgramDesc*) {
  return NotBuilt("slim", "writing " + path);
}
#endif

}  // namespace ember
