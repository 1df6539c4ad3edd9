// RmsNormKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct RmsNormParam;

template <typename Device, typename T>
class RmsNormKernel {
 public:
  Status Init(RmsNormParam* param);
  Status Compute(const RmsNormParam& param);
};

}  // namespace ember
