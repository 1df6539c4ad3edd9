// ResizeKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct ResizeParam;

template <typename Device, typename T>
class ResizeKernel {
 public:
  Status Init(ResizeParam* param);
  Status Compute(const ResizeParam& param);
};

}  // namespace ember
