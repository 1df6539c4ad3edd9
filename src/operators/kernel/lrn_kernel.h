// LrnKernel<Device, T>: specialized per device.
#pragma once

#include <vector>

#include "framework/status.h"

namespace ember {

struct LrnParam;

template <typename Device, typename T>
class LrnKernel {
 public:
  Status Init(LrnParam* param);
  Status Compute(const LrnParam& param);

 private:
  std::vector<T> mid_;  // MidOut when the program does not ask for it
};

}  // namespace ember
