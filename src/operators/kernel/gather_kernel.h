// GatherKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct GatherParam;

template <typename Device, typename T>
class GatherKernel {
 public:
  Status Init(GatherParam* param);
  Status Compute(const GatherParam& param);
};

}  // namespace ember
