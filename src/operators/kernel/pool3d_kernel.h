// Pool3dKernel<Device, T>: pool3d, specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct Pool3dParam;

template <typename Device, typename T>
class Pool3dKernel {
 public:
  Status Init(Pool3dParam* param);
  Status Compute(const Pool3dParam& param);
};

}  // namespace ember
