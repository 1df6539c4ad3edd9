// SplitKernel<Device, T>: cuts an input of any dtype along an axis (T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct SplitParam;

template <typename Device, typename T>
class SplitKernel {
 public:
  Status Init(SplitParam* param);
  Status Compute(const SplitParam& param);
};

}  // namespace ember
