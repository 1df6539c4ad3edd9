// batch_norm for inference: Y = (X - Mean) / sqrt(Variance + epsilon) * Scale + Bias per channel of an
// NCHW (or [N, C]) input. Training statistics are not computed: is_test is ignored.
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/batch_norm_kernel.h"

namespace ember {

struct BatchNormParam {
  const Tensor* x = nullptr;
  const Tensor* scale = nullptr;
  const Tensor* bias = nullptr;
  const Tensor* mean = nullptr;
  const Tensor* variance = nullptr;
  Tensor* y = nullptr;
  // Training outputs Paddle programs still name; filled with Mean / Variance so nothing reads garbage.
  Tensor* mean_out = nullptr;
  Tensor* variance_out = nullptr;
  Tensor* saved_mean = nullptr;
  Tensor* saved_variance = nullptr;
  float epsilon = 1e-5f;
  std::string data_layout;
  Status Bind(ParamBinder* b);
};

class BatchNormOp : public OperatorWithKernel<CPU, BatchNormParam, BatchNormKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
