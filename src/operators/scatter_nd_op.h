// scatter_nd (ONNX ScatterND): Out = X with, for every k-tuple of Index ([..., k], int32 / int64, negative
// entries counting from the end), the slice X[tuple] combined with the matching slice of Updates
// (Index's dims but the last, then X's dims from k on) by reduction: none (assign), add, mul, max, min.
// gather_nd (Paddle's; ONNX GatherND): Out = the slices X[tuple] for every k-tuple of Index, Index's dims but
// the last then X's dims from k on; Ember extension batch_dims (ONNX's): the first b dims of X and Index
// are batch dims walked together, the tuples indexing X's dims from b on.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/central-arm-func/scatter_func.h"
#include "operators/kernel/scatter_nd_kernel.h"

namespace ember {

struct ScatterNdParam {
  const Tensor* x = nullptr;
  const Tensor* index = nullptr;
  const Tensor* updates = nullptr;  // scatter_nd only
  Tensor* out = nullptr;
  ScatterReduce reduce = ScatterReduce::kAssign;
  bool gather = false;
  int64_t batch_dims = 0;
  // Set by InferShape: batches, tuples per batch, tuple length k, slice size, X's elements per batch.
  int64_t batches = 1, tuples = 1, k = 1, slice = 1, batch_size = 1;
  Status Bind(ParamBinder* b);
};

class ScatterNdOp : public OperatorWithKernel<CPU, ScatterNdParam, ScatterNdKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
