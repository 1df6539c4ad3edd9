#include "io/onnx_importer.h"

namespace ember {

Status ImportOnnxFile(const std::string& path, ProgramDesc*, Scope*) {
  return Unimplemented("ONNX models are not supported yet: ", path);
}

Status ImportOnnxBuffer(const void*, size_t, const std::string& source, ProgramDesc*, Scope*) {
  return Unimplemented("ONNX models are not supported yet: ", source);
}

}  // namespace ember
