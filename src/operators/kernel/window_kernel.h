// WindowKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct WindowParam;

template <typename Device, typename T>
class WindowKernel {
 public:
  Status Init(WindowParam* param);
  Status Compute(const WindowParam& param);
};

}  // namespace ember
