// EinsumKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct EinsumParam;

template <typename Device, typename T>
class EinsumKernel {
 public:
  Status Init(EinsumParam* param);
  Status Compute(const EinsumParam& param);
};

}  // namespace ember
