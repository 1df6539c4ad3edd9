// NllLossKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct NllLossParam;

template <typename Device, typename T>
class NllLossKernel {
 public:
  Status Init(NllLossParam* param);
  Status Compute(const NllLossParam& param);
};

}  // namespace ember
