// YoloBoxKernel<Device, T>: specialized per device (kernel/cpu, ...).
#pragma once

#include "framework/status.h"

namespace ember {

struct YoloBoxParam;

template <typename Device, typename T>
class YoloBoxKernel {
 public:
  Status Init(YoloBoxParam* param);
  Status Compute(const YoloBoxParam& param);
};

}  // namespace ember
