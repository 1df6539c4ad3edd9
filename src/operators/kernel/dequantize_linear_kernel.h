// DequantizeLinearKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct DequantizeLinearParam;

template <typename Device, typename T>
class DequantizeLinearKernel {
 public:
  Status Init(DequantizeLinearParam* param);
  Status Compute(const DequantizeLinearParam& param);
};

}  // namespace ember
