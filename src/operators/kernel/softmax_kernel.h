// SoftmaxKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct SoftmaxParam;

template <typename Device, typename T>
class SoftmaxKernel {
 public:
  Status Init(SoftmaxParam* param);
  Status Compute(const SoftmaxParam& param);
  // The implementation Compute uses (profile column).
  const char* Name(const SoftmaxParam& param) const;
};

}  // namespace ember
