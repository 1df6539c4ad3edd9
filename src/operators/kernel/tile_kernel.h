// TileKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct TileParam;

template <typename Device, typename T>
class TileKernel {
 public:
  Status Init(TileParam* param);
  Status Compute(const TileParam& param);
};

}  // namespace ember
