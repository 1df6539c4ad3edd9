// Pool2dKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct Pool2dParam;

template <typename Device, typename T>
class Pool2dKernel {
 public:
  Status Init(Pool2dParam* param);
  Status Compute(const Pool2dParam& param);
  // The implementation Compute uses (profile column).
  const char* Name(const Pool2dParam& param) const;
};

}  // namespace ember
