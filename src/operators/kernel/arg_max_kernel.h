// ArgMaxKernel<Device, T>: specialized per device. The CPU kernel dispatches on the input and output dtypes.
#pragma once

#include "framework/status.h"

namespace ember {

struct ArgMaxParam;

template <typename Device, typename T>
class ArgMaxKernel {
 public:
  Status Init(ArgMaxParam* param);
  Status Compute(const ArgMaxParam& param);
};

}  // namespace ember
