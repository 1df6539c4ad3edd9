// InstanceNormKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct InstanceNormParam;

template <typename Device, typename T>
class InstanceNormKernel {
 public:
  Status Init(InstanceNormParam* param);
  Status Compute(const InstanceNormParam& param);
};

}  // namespace ember
