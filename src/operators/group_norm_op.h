// group_norm (Paddle's; ONNX GroupNormalization): X [N, C, ...] (NCHW-like); the channels split into
// `groups` groups, each (sample, group) normalized by its mean and variance over its channels and spatial
// positions, then Y = normalized * Scale[c] + Bias[c] (both optional, [C]). Optional outputs Mean and
// Variance [N, groups].
#pragma once

#include "framework/operator.h"
#include "operators/kernel/group_norm_kernel.h"

namespace ember {

struct GroupNormParam {
  const Tensor* x = nullptr;
  const Tensor* scale = nullptr;  // optional [C]
  const Tensor* bias = nullptr;   // optional [C]
  Tensor* y = nullptr;
  Tensor* mean = nullptr;      // optional
  Tensor* variance = nullptr;  // optional
  int64_t groups = 1;
  float epsilon = 1e-5f;
  int64_t n = 1, c = 1, spatial = 1;  // set by InferShape
  Status Bind(ParamBinder* b);
};

class GroupNormOp : public OperatorWithKernel<CPU, GroupNormParam, GroupNormKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
