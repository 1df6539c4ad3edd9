// one_hot (ONNX OneHot): Out has Indices' dims with a new dim of Depth inserted at `axis` (negative: counted
// in Out's rank); Out[..., j, ...] = Values[1] where j == Indices[...] (a negative index counts from
// Depth's end), else Values[0]. Indices int32 / int64 / float32 (truncated); Depth one value; Values [off,
// on] of any type, which Out takes.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/one_hot_kernel.h"

namespace ember {

struct OneHotParam {
  const Tensor* indices = nullptr;
  const Tensor* depth_tensor = nullptr;
  const Tensor* values = nullptr;
  Tensor* out = nullptr;
  int64_t axis_attr = -1;
  int64_t depth = 0, outer = 1, inner = 1;  // set by InferShape: Out as [outer, depth, inner]
  Status Bind(ParamBinder* b);
};

class OneHotOp : public OperatorWithKernel<CPU, OneHotParam, OneHotKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
