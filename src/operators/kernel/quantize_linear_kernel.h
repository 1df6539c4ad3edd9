// QuantizeLinearKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct QuantizeLinearParam;

template <typename Device, typename T>
class QuantizeLinearKernel {
 public:
  Status Init(QuantizeLinearParam* param);
  Status Compute(const QuantizeLinearParam& param);
};

}  // namespace ember
