// What the scatter ops share: combining an update into an element by the op's reduction, and reading an index
// tensor of int32 or int64.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

enum class ScatterReduce { kAssign, kAdd, kMul, kMax, kMin };

// Paddle's names (assign, add, mul / multiply, amax, amin) and ONNX's (none, add, mul, max, min).
inline Status ParseScatterReduce(const std::string& s, ScatterReduce* r) {
  if (s == "assign" || s == "none") *r = ScatterReduce::kAssign;
  else if (s == "add") *r = ScatterReduce::kAdd;
  else if (s == "mul" || s == "multiply") *r = ScatterReduce::kMul;
  else if (s == "amax" || s == "max") *r = ScatterReduce::kMax;
  else if (s == "amin" || s == "min") *r = ScatterReduce::kMin;
  else return Unimplemented("reduction '", s, "' is not supported (assign, add, mul, amax, amin)");
  return Status::OK();
}

template <typename T>
inline void ScatterInto(ScatterReduce r, T* dst, T v) {
  switch (r) {
    case ScatterReduce::kAssign: *dst = v; break;
    case ScatterReduce::kAdd: *dst = static_cast<T>(*dst + v); break;
    case ScatterReduce::kMul: *dst = static_cast<T>(*dst * v); break;
    case ScatterReduce::kMax: *dst = std::max(*dst, v); break;
    case ScatterReduce::kMin: *dst = std::min(*dst, v); break;
  }
}

inline int64_t IndexAt(const Tensor& index, int64_t i) {
  return index.dtype() == DataType::kInt32 ? index.data<int32_t>()[i] : index.data<int64_t>()[i];
}

}  // namespace ember
