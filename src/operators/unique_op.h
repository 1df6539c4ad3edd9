// unique (ONNX Unique): the distinct elements of X (flattened), or with attribute axis (has_axis) the
// distinct slices along it, ascending when `sorted` (slices compared element by element), else in order of
// first appearance. Outputs Out, and optionally Indices (each one's first position in X), Inverse (for each
// position of X, its entry in Out) and Counts, all int64. float32, int32, int64.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/unique_kernel.h"

namespace ember {

struct UniqueParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* indices = nullptr;  // optional
  Tensor* inverse = nullptr;  // optional
  Tensor* counts = nullptr;   // optional
  bool has_axis = false, sorted = true;
  int64_t axis = 0;
  // Found by InferShape (the outputs' sizes need them): the chosen slices' first positions, in output order;
  // each slice's output entry; each output's count. X viewed as [outer, n, inner] along the axis.
  std::vector<int64_t> first, inverse_of, count;
  int64_t outer = 1, n = 1, inner = 1;
  Status Bind(ParamBinder* b);
};

class UniqueOp : public OperatorWithKernel<CPU, UniqueParam, UniqueKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
