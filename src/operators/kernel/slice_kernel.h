// SliceKernel<Device, T>: copies a box of an input of any dtype (T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct SliceParam;

template <typename Device, typename T>
class SliceKernel {
 public:
  Status Init(SliceParam* param);
  Status Compute(const SliceParam& param);
};

}  // namespace ember
