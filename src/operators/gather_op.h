// gather (ONNX Gather semantics, numpy `take`): Out = X indexed along `axis` by Index (int32/int64, any
// rank, negative values count from the end). Out dims = X[:axis] + Index dims + X[axis+1:].
#pragma once

#include "framework/operator.h"
#include "operators/kernel/gather_kernel.h"

namespace ember {

struct GatherParam {
  const Tensor* x = nullptr;
  const Tensor* index = nullptr;
  Tensor* out = nullptr;
  int64_t axis = 0;
  // X viewed as [outer, n, inner]; set by InferShape.
  int64_t outer = 1, n = 1, inner = 1;
  Status Bind(ParamBinder* b);
};

class GatherOp : public OperatorWithKernel<CPU, GatherParam, GatherKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
