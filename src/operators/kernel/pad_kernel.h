// PadKernel<Device, T>: pads spatial dims of float32/int32/int64/bool tensors (T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct PadParam;

template <typename Device, typename T>
class PadKernel {
 public:
  Status Init(PadParam* param);
  Status Compute(const PadParam& param);
};

}  // namespace ember
