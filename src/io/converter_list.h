// The op converters an importer has, for `ember ops --formats` and for tests: one entry per table row.
#pragma once

#include <string>
#include <vector>

namespace ember {

struct ConverterInfo {
  std::string op_type;   // the format's op / layer type, e.g. "Conv" (ONNX) or "Convolution" (ncnn)
  int min_version = 0;   // first opset the converter accepts (ONNX); 0 where the format has no versions
  int max_version = 0;   // last opset it accepts; 0 = no upper bound
};

std::vector<ConverterInfo> OnnxConverterList();  // src/io/onnx/
std::vector<ConverterInfo> NcnnConverterList();  // src/io/ncnn/

}  // namespace ember
