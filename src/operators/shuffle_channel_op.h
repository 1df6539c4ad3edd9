// shuffle_channel: X [N, C, H, W] seen as [N, group, C/group, H, W] is transposed to
// [N, C/group, group, H, W]: Out channel j*group + i = X channel i*(C/group) + j. Any dtype.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/shuffle_channel_kernel.h"

namespace ember {

struct ShuffleChannelParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  int64_t group = 1;
  Status Bind(ParamBinder* b);
};

class ShuffleChannelOp : public OperatorWithKernel<CPU, ShuffleChannelParam, ShuffleChannelKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
