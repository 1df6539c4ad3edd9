// isinf_v2 / isnan_v2 (Paddle's; ONNX IsInf / IsNaN): Out (bool, X's dims) marks the infinite / NaN
// elements of float32 X. Ember extension for isinf_v2: detect_positive / detect_negative (both true by
// default), as ONNX IsInf.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/isinf_kernel.h"

namespace ember {

struct IsInfParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  bool nan = false;  // isnan_v2
  bool positive = true, negative = true;
  Status Bind(ParamBinder* b);
};

class IsInfOp : public OperatorWithKernel<CPU, IsInfParam, IsInfKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
