// Conv3dTransposeKernel<Device, T>: conv3d_transpose, specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct Conv3dTransposeParam;

template <typename Device, typename T>
class Conv3dTransposeKernel {
 public:
  Status Init(Conv3dTransposeParam* param);
  Status Compute(const Conv3dTransposeParam& param);
};

}  // namespace ember
