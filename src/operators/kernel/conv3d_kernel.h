// Conv3dKernel<Device, T>: conv3d, specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct Conv3dParam;

template <typename Device, typename T>
class Conv3dKernel {
 public:
  Status Init(Conv3dParam* param);
  Status Compute(const Conv3dParam& param);
};

}  // namespace ember
