// ReverseSequenceKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct ReverseSequenceParam;

template <typename Device, typename T>
class ReverseSequenceKernel {
 public:
  Status Init(ReverseSequenceParam* param);
  Status Compute(const ReverseSequenceParam& param);
};

}  // namespace ember
