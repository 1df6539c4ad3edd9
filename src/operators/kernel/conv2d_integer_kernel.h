// Conv2dIntegerKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct Conv2dIntegerParam;

template <typename Device, typename T>
class Conv2dIntegerKernel {
 public:
  Status Init(Conv2dIntegerParam* param);
  Status Compute(const Conv2dIntegerParam& param);
};

}  // namespace ember
