// SqueezeKernel<Device, T>: copies X's bytes into Out (any dtype; T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct SqueezeParam;

template <typename Device, typename T>
class SqueezeKernel {
 public:
  Status Init(SqueezeParam* param);
  Status Compute(const SqueezeParam& param);
};

}  // namespace ember
