// top_k_v2: the k largest (or smallest) values of X along `axis` and their int64 indices; k from the K
// input or the k attribute. Sorted (ties: the lower index first, as ONNX TopK specifies).
#pragma once

#include "framework/operator.h"
#include "operators/kernel/top_k_kernel.h"

namespace ember {

struct TopKParam {
  const Tensor* x = nullptr;
  const Tensor* k_tensor = nullptr;  // optional K
  Tensor* out = nullptr;
  Tensor* indices = nullptr;
  int64_t k_attr = 1;
  int64_t axis_attr = -1;
  bool largest = true;
  bool sorted = true;
  // Set by InferShape: X viewed as [outer, n, inner]; k taken.
  int64_t outer = 1, n = 1, inner = 1, k = 1;
  Status Bind(ParamBinder* b);
};

class TopKOp : public OperatorWithKernel<CPU, TopKParam, TopKKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
