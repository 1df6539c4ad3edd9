// MultiClassNmsKernel<Device, T>: specialized per device (kernel/cpu, ...).
#pragma once

#include "framework/status.h"

namespace ember {

struct MultiClassNmsParam;

template <typename Device, typename T>
class MultiClassNmsKernel {
 public:
  Status Init(MultiClassNmsParam* param);
  Status Compute(const MultiClassNmsParam& param);
};

}  // namespace ember
