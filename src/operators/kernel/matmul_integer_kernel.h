// MatMulIntegerKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct MatMulIntegerParam;

template <typename Device, typename T>
class MatMulIntegerKernel {
 public:
  Status Init(MatMulIntegerParam* param);
  Status Compute(const MatMulIntegerParam& param);
};

}  // namespace ember
