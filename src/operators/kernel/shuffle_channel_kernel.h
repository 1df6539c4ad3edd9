// ShuffleChannelKernel<Device, T>: interleaves channel groups for any dtype (T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct ShuffleChannelParam;

template <typename Device, typename T>
class ShuffleChannelKernel {
 public:
  Status Init(ShuffleChannelParam* param);
  Status Compute(const ShuffleChannelParam& param);
};

}  // namespace ember
