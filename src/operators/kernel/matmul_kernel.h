// MatMulKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct MatMulParam;

template <typename Device, typename T>
class MatMulKernel {
 public:
  Status Init(MatMulParam* param);
  Status Compute(const MatMulParam& param);
};

}  // namespace ember
