// GroupNormKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct GroupNormParam;

template <typename Device, typename T>
class GroupNormKernel {
 public:
  Status Init(GroupNormParam* param);
  Status Compute(const GroupNormParam& param);
};

}  // namespace ember
