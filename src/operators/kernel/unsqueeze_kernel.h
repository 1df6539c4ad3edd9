// UnsqueezeKernel<Device, T>: copies X's bytes into Out (any dtype; T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct UnsqueezeParam;

template <typename Device, typename T>
class UnsqueezeKernel {
 public:
  Status Init(UnsqueezeParam* param);
  Status Compute(const UnsqueezeParam& param);
};

}  // namespace ember
