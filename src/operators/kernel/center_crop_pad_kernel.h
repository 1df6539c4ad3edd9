// CenterCropPadKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct CenterCropPadParam;

template <typename Device, typename T>
class CenterCropPadKernel {
 public:
  Status Init(CenterCropPadParam* param);
  Status Compute(const CenterCropPadParam& param);
};

}  // namespace ember
