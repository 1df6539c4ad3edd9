// DropoutKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct DropoutParam;

template <typename Device, typename T>
class DropoutKernel {
 public:
  Status Init(DropoutParam* param);
  Status Compute(const DropoutParam& param);
};

}  // namespace ember
