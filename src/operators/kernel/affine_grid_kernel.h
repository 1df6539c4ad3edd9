// AffineGridKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct AffineGridParam;

template <typename Device, typename T>
class AffineGridKernel {
 public:
  Status Init(AffineGridParam* param);
  Status Compute(const AffineGridParam& param);
};

}  // namespace ember
