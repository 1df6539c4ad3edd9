// nll_loss (Paddle's, and ONNX's NegativeLogLikelihoodLoss): X [N, C] or [N, C, d1, ...] of log
// probabilities, Label [N] or [N, d1, ...] (int64 or int32) of classes, optional Weight [C]. Each position's
// loss is -X[n, label, d...] * Weight[label] (Weight 1 when absent), 0 where label == ignore_index.
// reduction "none": Out has Label's dims; "sum": their sum; "mean": the sum over the weights of the
// positions not ignored (NaN when every position is). Out is then a 0-D scalar. Optional Total_weight (0-D):
// that weight sum. A label outside [0, C) that is not ignored is an error.
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/nll_loss_kernel.h"

namespace ember {

struct NllLossParam {
  const Tensor* x = nullptr;
  const Tensor* label = nullptr;
  const Tensor* weight = nullptr;  // optional
  Tensor* out = nullptr;
  Tensor* total_weight = nullptr;  // optional
  int64_t ignore_index = -100;
  std::string reduction = "mean";
  int64_t n = 1, c = 1, d = 1;  // X as [n, c, d], set by InferShape
  Status Bind(ParamBinder* b);
};

class NllLossOp : public OperatorWithKernel<CPU, NllLossParam, NllLossKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
