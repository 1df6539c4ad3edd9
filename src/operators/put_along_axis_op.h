// put_along_axis (Paddle's; ONNX ScatterElements): Result = Input with, for every position i of Index,
// Result[i with the Axis coordinate replaced by Index[i]] combined with Value[i] by Reduce (assign, add,
// mul, amax, amin; ONNX's none / max / min too). Index is int32 / int64 of Input's rank, negative entries
// count from the end; Value has Index's shape or is one element. Any element type but bool for arithmetic.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/central-arm-func/scatter_func.h"
#include "operators/kernel/put_along_axis_kernel.h"
#include "operators/take_along_axis_op.h"

namespace ember {

struct PutAlongAxisParam {
  const Tensor* input = nullptr;
  const Tensor* index = nullptr;
  const Tensor* value = nullptr;
  Tensor* result = nullptr;
  int64_t axis_attr = 0;
  int axis = 0;  // normalized by InferShape
  ScatterReduce reduce = ScatterReduce::kAssign;
  Status Bind(ParamBinder* b);
};

class PutAlongAxisOp : public OperatorWithKernel<CPU, PutAlongAxisParam, PutAlongAxisKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
