// PriorBoxKernel<Device, T>: specialized per device (kernel/cpu, ...).
#pragma once

#include "framework/status.h"

namespace ember {

struct PriorBoxParam;

template <typename Device, typename T>
class PriorBoxKernel {
 public:
  Status Init(PriorBoxParam* param);
  Status Compute(const PriorBoxParam& param);
};

}  // namespace ember
