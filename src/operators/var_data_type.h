// Paddle's VarType numbers in dtype attributes (cast in_dtype/out_dtype, fill_constant dtype) mapped to
// the element types Ember's dtype-generic ops handle.
#pragma once

#include <cstdint>
#include <string>

#include "framework/data_type.h"
#include "framework/program_desc.h"
#include "framework/status.h"

namespace ember {

// Unimplemented naming `attr` and the value when the type is not bool, int32, int64, float32, uint8, int8.
inline Status DataTypeFromVarType(int64_t var_type, const std::string& attr, DataType* out) {
  switch (static_cast<VarDataType>(var_type)) {
    case VarDataType::kBool: *out = DataType::kBool; return Status::OK();
    case VarDataType::kInt32: *out = DataType::kInt32; return Status::OK();
    case VarDataType::kInt64: *out = DataType::kInt64; return Status::OK();
    case VarDataType::kFP32: *out = DataType::kFloat32; return Status::OK();
    case VarDataType::kUInt8: *out = DataType::kUInt8; return Status::OK();
    case VarDataType::kInt8: *out = DataType::kInt8; return Status::OK();
    default: break;
  }
  return Unimplemented("attribute ", attr, " = ", var_type, " (", VarDataTypeName(static_cast<int>(var_type)),
                       ") is not supported; supported: BOOL 0, INT32 2, INT64 3, FP32 5, UINT8 20, INT8 21");
}

}  // namespace ember
