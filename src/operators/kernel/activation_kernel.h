// ActivationKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct ActivationParam;

template <typename Device, typename T>
class ActivationKernel {
 public:
  Status Init(ActivationParam* param);
  Status Compute(const ActivationParam& param);
  // The implementation Compute uses (profile column).
  const char* Name(const ActivationParam& param) const;
};

}  // namespace ember
