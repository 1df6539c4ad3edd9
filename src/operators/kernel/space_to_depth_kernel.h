// SpaceToDepthKernel<Device, T>: specialized per device (kernel/cpu, kernel/x86, kernel/arm, kernel/vulkan).
#pragma once

#include "framework/status.h"

namespace ember {

struct SpaceToDepthParam;

template <typename Device, typename T>
class SpaceToDepthKernel {
 public:
  Status Init(SpaceToDepthParam* param);
  Status Compute(const SpaceToDepthParam& param);
};

}  // namespace ember
