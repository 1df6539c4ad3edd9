// fill_constant: Out = a tensor of attribute shape and dtype (Paddle VarType number, default FP32) filled
// with value, or with str_value when that is non-empty (it keeps int64 values exact). No inputs.
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/fill_constant_kernel.h"

namespace ember {

struct FillConstantParam {
  Tensor* out = nullptr;
  std::vector<int64_t> shape;
  int64_t dtype = 5;  // FP32
  float value = 0.f;
  std::string str_value;
  DataType out_type = DataType::kFloat32;
  // The value to fill: `number`, or `integer` exactly when is_integer (str_value written as an integer).
  double number = 0;
  int64_t integer = 0;
  bool is_integer = false;
  Status Bind(ParamBinder* b);
};

class FillConstantOp : public OperatorWithKernel<CPU, FillConstantParam, FillConstantKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
