// softmax and log_softmax along one axis (attribute axis, default -1), numerically stable: the maximum
// along the axis is subtracted before exp.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/softmax_kernel.h"

namespace ember {

struct SoftmaxParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  int64_t axis = -1;  // as given; InferShape resolves it into the view below
  bool log = false;   // log_softmax
  // X viewed as [outer, axis_size, inner].
  int64_t outer = 1;
  int64_t axis_size = 1;
  int64_t inner = 1;
  Status Bind(ParamBinder* b);
};

class SoftmaxOp : public OperatorWithKernel<CPU, SoftmaxParam, SoftmaxKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
