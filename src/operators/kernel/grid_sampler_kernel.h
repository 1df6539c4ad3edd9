// GridSamplerKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct GridSamplerParam;

template <typename Device, typename T>
class GridSamplerKernel {
 public:
  Status Init(GridSamplerParam* param);
  Status Compute(const GridSamplerParam& param);
};

}  // namespace ember
