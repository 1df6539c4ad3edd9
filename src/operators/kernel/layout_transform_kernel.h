// LayoutTransformKernel<Device, T>: specialized per device (kernel/cpu).
#pragma once

#include "framework/status.h"

namespace ember {

struct LayoutTransformParam;

template <typename Device, typename T>
class LayoutTransformKernel {
 public:
  Status Init(LayoutTransformParam* param);
  Status Compute(const LayoutTransformParam& param);
};

}  // namespace ember
