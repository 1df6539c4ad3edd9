// ShapeKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct ShapeParam;

template <typename Device, typename T>
class ShapeKernel {
 public:
  Status Init(ShapeParam* param);
  Status Compute(const ShapeParam& param);
};

}  // namespace ember
