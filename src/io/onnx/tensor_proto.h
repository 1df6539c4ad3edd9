// ONNX TensorProto reading and the element-type mapping shared by the importer and its converters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "framework/status.h"
#include "framework/tensor.h"
#include "onnx.pb.h"

namespace ember {

// ONNX TensorProto.DataType numbers.
enum OnnxType : int {
  kOnnxUndefined = 0, kOnnxFloat = 1, kOnnxUInt8 = 2, kOnnxInt8 = 3, kOnnxUInt16 = 4, kOnnxInt16 = 5,
  kOnnxInt32 = 6, kOnnxInt64 = 7, kOnnxString = 8, kOnnxBool = 9, kOnnxFloat16 = 10, kOnnxDouble = 11,
  kOnnxUInt32 = 12, kOnnxUInt64 = 13,
};

const char* OnnxTypeName(int t);
// The Ember element type an ONNX tensor of type `t` is held in; false when Ember has none.
bool EmberTypeOf(int t, DataType* out);

std::string DirName(const std::string& path);

// Converts one TensorProto to a Tensor; `what` starts every error message, external data is read from `dir`.
Status TensorFromProto(const onnx::TensorProto& tp, const std::string& dir, const std::string& what, Tensor* out);
// The same, taking tp's raw bytes as the tensor's storage when Ember holds them as they are (no copy; tp's
// raw_data is left empty); otherwise a copy as TensorFromProto makes.
Status TensorFromProtoTakingBytes(onnx::TensorProto* tp, const std::string& dir, const std::string& what,
                                  Tensor* out);

// A constant's values as integers / doubles, whatever its element type.
std::vector<int64_t> ToInts(const Tensor& t);
std::vector<double> ToDoubles(const Tensor& t);

}  // namespace ember
