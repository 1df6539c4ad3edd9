// Helpers for ONNX tests: read the TensorProto .pb files of ONNX test data sets, run a model on them.
#pragma once

#include <string>
#include <vector>

#include "framework/status.h"
#include "framework/tensor.h"
#include "io/onnx/onnx_importer.h"
#include "test_util.h"

namespace ember {
namespace test {

// Reads one serialized TensorProto (input_0.pb, output_0.pb, ...).
inline Status ReadOnnxTensorFile(const std::string& path, Tensor* out, std::string* name = nullptr) {
  std::string buf;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return NotFound("cannot open ", path);
  char chunk[65536];
  size_t n;
  while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) buf.append(chunk, n);
  std::fclose(f);
  return ParseOnnxTensor(buf.data(), buf.size(), path, out, name);
}

// The largest |got - want| over all elements and the range of `want` (max - min).
inline float MaxAbsDiff(const Tensor& got, const Tensor& want) {
  std::vector<float> g = ToVector(got), w = ToVector(want);
  if (g.size() != w.size()) return 1e30f;
  float m = 0.f;
  for (size_t i = 0; i < g.size(); ++i) m = std::max(m, std::fabs(g[i] - w[i]));
  return m;
}

}  // namespace test
}  // namespace ember
