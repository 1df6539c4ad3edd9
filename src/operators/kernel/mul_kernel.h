// MulKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct MulParam;

template <typename Device, typename T>
class MulKernel {
 public:
  Status Init(MulParam* param);
  Status Compute(const MulParam& param);
};

}  // namespace ember
