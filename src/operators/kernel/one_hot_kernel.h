// OneHotKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct OneHotParam;

template <typename Device, typename T>
class OneHotKernel {
 public:
  Status Init(OneHotParam* param);
  Status Compute(const OneHotParam& param);
};

}  // namespace ember
