// layer_norm: X flattened to [left, right] at begin_norm_axis; each row normalized by its mean and
// variance, then scaled and shifted elementwise by Scale / Bias of [right] values. begin_norm_axis -1
// normalizes over the last dim whatever the rank (fuse_layer_norm writes it).
#pragma once

#include "framework/operator.h"
#include "operators/kernel/layer_norm_kernel.h"

namespace ember {

struct LayerNormParam {
  const Tensor* x = nullptr;
  const Tensor* scale = nullptr;  // optional [right]
  const Tensor* bias = nullptr;   // optional [right]
  Tensor* y = nullptr;
  Tensor* mean = nullptr;      // optional [left]
  Tensor* variance = nullptr;  // optional [left]: the variance itself (no epsilon), as Paddle stores it
  int64_t begin_norm_axis = 1;  // negative: counted from the end (an Ember extension the passes write)
  int64_t axis = 1;             // begin_norm_axis counted from the front, set by InferShape
  float epsilon = 1e-5f;
  Status Bind(ParamBinder* b);
};

class LayerNormOp : public OperatorWithKernel<CPU, LayerNormParam, LayerNormKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
