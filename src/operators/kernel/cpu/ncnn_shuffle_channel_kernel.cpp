#include "operators/ncnn_shuffle_channel_op.h"
#include "operators/kernel/central-arm-func/shuffle_channel_func.h"

namespace ember {

template <>
Status NcnnShuffleChannelKernel<CPU, float>::Init(NcnnShuffleChannelParam*) {
  return Status::OK();
}

template <>
Status NcnnShuffleChannelKernel<CPU, float>::Compute(const NcnnShuffleChannelParam& p) {
  const DDim& in = p.x->dims();
  ShuffleChannel(p.x->raw_data(), p.out->raw_data(), SizeOf(p.x->dtype()), in[0], in[1],
                 p.effective_group, in[2] * in[3]);
  return Status::OK();
}

}  // namespace ember
