// RangeKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct RangeParam;

template <typename Device, typename T>
class RangeKernel {
 public:
  Status Init(RangeParam* param);
  Status Compute(const RangeParam& param);
};

}  // namespace ember
