// CastKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct CastParam;

template <typename Device, typename T>
class CastKernel {
 public:
  Status Init(CastParam* param);
  Status Compute(const CastParam& param);
};

}  // namespace ember
