// ReshapeKernel<Device, T>: copies X's bytes into Out (any dtype; T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct ReshapeParam;

template <typename Device, typename T>
class ReshapeKernel {
 public:
  Status Init(ReshapeParam* param);
  Status Compute(const ReshapeParam& param);
};

}  // namespace ember
