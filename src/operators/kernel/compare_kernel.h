// CompareKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct CompareParam;

template <typename Device, typename T>
class CompareKernel {
 public:
  Status Init(CompareParam* param);
  Status Compute(const CompareParam& param);
};

}  // namespace ember
