// take_along_axis (ONNX GatherElements): Result has Index's shape; Result[i..] = Input[i.. with the Axis
// coordinate replaced by Index[i..]]. Index is int32/int64 with Input's rank, each dim at most Input's
// (except along Axis); negative indices count from the end.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/take_along_axis_kernel.h"

namespace ember {

struct TakeAlongAxisParam {
  const Tensor* input = nullptr;
  const Tensor* index = nullptr;
  Tensor* result = nullptr;
  int64_t axis_attr = 0;
  int axis = 0;  // normalized by InferShape
  Status Bind(ParamBinder* b);
};

class TakeAlongAxisOp : public OperatorWithKernel<CPU, TakeAlongAxisParam, TakeAlongAxisKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
