// SizeKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct SizeParam;

template <typename Device, typename T>
class SizeKernel {
 public:
  Status Init(SizeParam* param);
  Status Compute(const SizeParam& param);
};

}  // namespace ember
