// FcKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct FcParam;

template <typename Device, typename T>
class FcKernel {
 public:
  Status Init(FcParam* param);
  Status Compute(const FcParam& param);
};

}  // namespace ember
