// LayerNormKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct LayerNormParam;

template <typename Device, typename T>
class LayerNormKernel {
 public:
  Status Init(LayerNormParam* param);
  Status Compute(const LayerNormParam& param);
};

}  // namespace ember
