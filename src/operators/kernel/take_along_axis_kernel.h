// TakeAlongAxisKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct TakeAlongAxisParam;

template <typename Device, typename T>
class TakeAlongAxisKernel {
 public:
  Status Init(TakeAlongAxisParam* param);
  Status Compute(const TakeAlongAxisParam& param);
};

}  // namespace ember
