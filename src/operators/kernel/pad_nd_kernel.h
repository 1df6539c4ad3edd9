// PadNdKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct PadNdParam;

template <typename Device, typename T>
class PadNdKernel {
 public:
  Status Init(PadNdParam* param);
  Status Compute(const PadNdParam& param);
};

}  // namespace ember
