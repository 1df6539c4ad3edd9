// InterpolateKernel<Device, T>: nearest (any dtype) and bilinear (float32) resizing (T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct InterpolateParam;

template <typename Device, typename T>
class InterpolateKernel {
 public:
  Status Init(InterpolateParam* param);
  Status Compute(const InterpolateParam& param);
};

}  // namespace ember
