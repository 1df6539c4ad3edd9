// ncnn_shuffle_channel: ncnn's ShuffleChannel. X [N, C, H, W]; reverse = false is shuffle_channel with
// `group`; reverse = true undoes it, i.e. shuffles with C / group groups (C known only at run time, which is
// why this is not a plain shuffle_channel). Any dtype.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/ncnn_shuffle_channel_kernel.h"

namespace ember {

struct NcnnShuffleChannelParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  int64_t group = 1;
  bool reverse = false;
  int64_t effective_group = 1;  // set by InferShape
  Status Bind(ParamBinder* b);
};

class NcnnShuffleChannelOp
    : public OperatorWithKernel<CPU, NcnnShuffleChannelParam, NcnnShuffleChannelKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
