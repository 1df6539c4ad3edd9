// NonMaxSuppressionKernel<Device, T>: specialized per device.
#pragma once

#include "framework/status.h"

namespace ember {

struct NonMaxSuppressionParam;

template <typename Device, typename T>
class NonMaxSuppressionKernel {
 public:
  Status Init(NonMaxSuppressionParam* param);
  Status Compute(const NonMaxSuppressionParam& param);
};

}  // namespace ember
