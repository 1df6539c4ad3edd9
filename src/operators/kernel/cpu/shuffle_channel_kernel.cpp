#include "operators/shuffle_channel_op.h"
#include "operators/kernel/central-arm-func/shuffle_channel_func.h"

namespace ember {

template <>
Status ShuffleChannelKernel<CPU, float>::Init(ShuffleChannelParam*) {
  return Status::OK();
}

template <>
Status ShuffleChannelKernel<CPU, float>::Compute(const ShuffleChannelParam& p) {
  const DDim& in = p.x->dims();
  ShuffleChannel(p.x->raw_data(), p.out->raw_data(), SizeOf(p.x->dtype()), in[0], in[1], p.group, in[2] * in[3]);
  return Status::OK();
}

}  // namespace ember
