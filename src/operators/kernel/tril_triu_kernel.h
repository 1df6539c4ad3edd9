// TrilTriuKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct TrilTriuParam;

template <typename Device, typename T>
class TrilTriuKernel {
 public:
  Status Init(TrilTriuParam* param);
  Status Compute(const TrilTriuParam& param);
};

}  // namespace ember
