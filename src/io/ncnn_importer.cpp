#include "io/ncnn_importer.h"

namespace ember {

Status ImportNcnnFiles(const std::string& param_path, const std::string&, bool, ProgramDesc*, Scope*) {
  return Unimplemented("ncnn models are not supported yet: ", param_path);
}

}  // namespace ember
