// CumsumKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct CumsumParam;

template <typename Device, typename T>
class CumsumKernel {
 public:
  Status Init(CumsumParam* param);
  Status Compute(const CumsumParam& param);
};

}  // namespace ember
