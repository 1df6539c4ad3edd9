// shape: Out = the dims of Input as a 1-D int32 tensor (any input element type; its data is not read).
#pragma once

#include "framework/operator.h"
#include "operators/kernel/shape_kernel.h"

namespace ember {

struct ShapeParam {
  const Tensor* input = nullptr;
  Tensor* out = nullptr;
  Status Bind(ParamBinder* b);
};

class ShapeOp : public OperatorWithKernel<CPU, ShapeParam, ShapeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
