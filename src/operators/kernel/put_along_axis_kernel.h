// PutAlongAxisKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct PutAlongAxisParam;

template <typename Device, typename T>
class PutAlongAxisKernel {
 public:
  Status Init(PutAlongAxisParam* param);
  Status Compute(const PutAlongAxisParam& param);
};

}  // namespace ember
