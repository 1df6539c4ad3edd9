// ReduceKernel<Device, T>: specialized per device. The CPU kernel dispatches on the input dtype.
#pragma once

#include "framework/status.h"

namespace ember {

struct ReduceParam;

template <typename Device, typename T>
class ReduceKernel {
 public:
  Status Init(ReduceParam* param);
  Status Compute(const ReduceParam& param);
};

}  // namespace ember
