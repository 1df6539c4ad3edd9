// PreluKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct PreluParam;

template <typename Device, typename T>
class PreluKernel {
 public:
  Status Init(PreluParam* param);
  Status Compute(const PreluParam& param);
};

}  // namespace ember
