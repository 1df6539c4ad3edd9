// BoxCoderKernel<Device, T>: specialized per device (kernel/cpu, ...).
#pragma once

#include "framework/status.h"

namespace ember {

struct BoxCoderParam;

template <typename Device, typename T>
class BoxCoderKernel {
 public:
  Status Init(BoxCoderParam* param);
  Status Compute(const BoxCoderParam& param);
};

}  // namespace ember
