// instance_norm: each (n, c) plane normalized by its own mean and variance, then scaled per channel.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/instance_norm_kernel.h"

namespace ember {

struct InstanceNormParam {
  const Tensor* x = nullptr;
  const Tensor* scale = nullptr;  // optional [C], 1 when absent
  const Tensor* bias = nullptr;   // optional [C], 0 when absent
  Tensor* y = nullptr;
  Tensor* saved_mean = nullptr;      // optional [N*C]
  Tensor* saved_variance = nullptr;  // optional [N*C]: 1 / sqrt(var + epsilon), as Paddle saves it
  float epsilon = 1e-5f;
  Status Bind(ParamBinder* b);
};

class InstanceNormOp : public OperatorWithKernel<CPU, InstanceNormParam, InstanceNormKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
