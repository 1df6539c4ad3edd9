// StridedSliceKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct StridedSliceParam;

template <typename Device, typename T>
class StridedSliceKernel {
 public:
  Status Init(StridedSliceParam* param);
  Status Compute(const StridedSliceParam& param);
};

}  // namespace ember
