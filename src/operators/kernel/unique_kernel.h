// UniqueKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct UniqueParam;

template <typename Device, typename T>
class UniqueKernel {
 public:
  Status Init(UniqueParam* param);
  Status Compute(const UniqueParam& param);
};

}  // namespace ember
