// size: Out = the number of elements of Input, an int64 scalar (shape []); Input's data is not read.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/size_kernel.h"

namespace ember {

struct SizeParam {
  const Tensor* input = nullptr;
  Tensor* out = nullptr;
  Status Bind(ParamBinder* b);
};

class SizeOp : public OperatorWithKernel<CPU, SizeParam, SizeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
