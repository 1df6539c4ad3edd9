// ScatterNdKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct ScatterNdParam;

template <typename Device, typename T>
class ScatterNdKernel {
 public:
  Status Init(ScatterNdParam* param);
  Status Compute(const ScatterNdParam& param);
};

}  // namespace ember
