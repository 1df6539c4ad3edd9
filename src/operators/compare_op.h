// Comparison family (numpy broadcasting, Out is bool): equal, not_equal, less_than, less_equal,
// greater_than, greater_equal; and logical_and, logical_or, logical_xor on bool inputs. X and Y must have the
// same element type (float32, int32, int64 or bool).
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/compare_kernel.h"

namespace ember {

enum class CompareType { kEqual, kNotEqual, kLess, kLessEqual, kGreater, kGreaterEqual, kAnd, kOr, kXor };

struct CompareParam {
  const Tensor* x = nullptr;
  const Tensor* y = nullptr;
  Tensor* out = nullptr;
  CompareType type = CompareType::kEqual;
  Status Bind(ParamBinder* b);
};

class CompareOp : public OperatorWithKernel<CPU, CompareParam, CompareKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
