// BatchNormKernel<Device, T>: specialized per device.
#pragma once

#include <vector>

#include "framework/status.h"

namespace ember {

struct BatchNormParam;

template <typename Device, typename T>
class BatchNormKernel {
 public:
  Status Init(BatchNormParam* param);
  Status Compute(const BatchNormParam& param);

 private:
  // Y = X * scale_[c] + shift_[c], folded from the statistics in Init.
  std::vector<T> scale_, shift_;
};

}  // namespace ember
