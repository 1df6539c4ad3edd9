// assign: Out = a copy of X, any element type.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/assign_kernel.h"

namespace ember {

struct AssignParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Status Bind(ParamBinder* b);
};

class AssignOp : public OperatorWithKernel<CPU, AssignParam, AssignKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
