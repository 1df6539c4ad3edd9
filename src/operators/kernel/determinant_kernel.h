// DeterminantKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct DeterminantParam;

template <typename Device, typename T>
class DeterminantKernel {
 public:
  Status Init(DeterminantParam* param);
  Status Compute(const DeterminantParam& param);
};

}  // namespace ember
