// NcnnShuffleChannelKernel<Device, T>: ncnn's ShuffleChannel (with reverse) for any dtype.
#pragma once

#include "framework/status.h"

namespace ember {

struct NcnnShuffleChannelParam;

template <typename Device, typename T>
class NcnnShuffleChannelKernel {
 public:
  Status Init(NcnnShuffleChannelParam* param);
  Status Compute(const NcnnShuffleChannelParam& param);
};

}  // namespace ember
