// WhereKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct WhereParam;

template <typename Device, typename T>
class WhereKernel {
 public:
  Status Init(WhereParam* param);
  Status Compute(const WhereParam& param);
};

}  // namespace ember
