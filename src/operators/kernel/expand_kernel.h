// ExpandKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct ExpandParam;

template <typename Device, typename T>
class ExpandKernel {
 public:
  Status Init(ExpandParam* param);
  Status Compute(const ExpandParam& param);
};

}  // namespace ember
