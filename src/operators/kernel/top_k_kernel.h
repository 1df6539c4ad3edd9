// TopKKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct TopKParam;

template <typename Device, typename T>
class TopKKernel {
 public:
  Status Init(TopKParam* param);
  Status Compute(const TopKParam& param);
};

}  // namespace ember
