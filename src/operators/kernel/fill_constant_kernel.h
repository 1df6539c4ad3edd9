// FillConstantKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct FillConstantParam;

template <typename Device, typename T>
class FillConstantKernel {
 public:
  Status Init(FillConstantParam* param);
  Status Compute(const FillConstantParam& param);
};

}  // namespace ember
