// FlattenKernel<Device, T>: copies X's bytes into Out (any dtype; T is nominal).
#pragma once

#include "framework/status.h"

namespace ember {

struct FlattenParam;

template <typename Device, typename T>
class FlattenKernel {
 public:
  Status Init(FlattenParam* param);
  Status Compute(const FlattenParam& param);
};

}  // namespace ember
