// expand_v2 with ONNX Expand semantics: Out = X broadcast (numpy, both directions) against `shape`, given
// by the Shape input (int32/int64) or the shape attribute; -1 in shape keeps X's dim.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/expand_kernel.h"

namespace ember {

struct ExpandParam {
  const Tensor* x = nullptr;
  const Tensor* shape_tensor = nullptr;  // optional Shape
  Tensor* out = nullptr;
  std::vector<int64_t> shape;
  Status Bind(ParamBinder* b);
};

class ExpandOp : public OperatorWithKernel<CPU, ExpandParam, ExpandKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
