// AssignKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct AssignParam;

template <typename Device, typename T>
class AssignKernel {
 public:
  Status Init(AssignParam* param);
  Status Compute(const AssignParam& param);
};

}  // namespace ember
