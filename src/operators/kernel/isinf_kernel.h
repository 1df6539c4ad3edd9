// IsInfKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct IsInfParam;

template <typename Device, typename T>
class IsInfKernel {
 public:
  Status Init(IsInfParam* param);
  Status Compute(const IsInfParam& param);
};

}  // namespace ember
