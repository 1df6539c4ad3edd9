// Conv2dIntegerKernel<Device, T>: specialized per device.
#pragma once

#include <memory>
#include <vector>

#include "framework/status.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

struct Conv2dIntegerParam;

template <typename Device, typename T>
class Conv2dIntegerKernel {
 public:
  Status Init(Conv2dIntegerParam* param);
  Status Compute(const Conv2dIntegerParam& param);
  // "igemm avx512vnni" etc. when the last Compute ran the int8 GEMM (cpu_accel.h), else "portable".
  const char* Name(const Conv2dIntegerParam& param) const;

 private:
  // Filter packed for the int8 GEMM (one per group): shared by the model's predictors when Filter is a weight.
  std::shared_ptr<const std::vector<Int8PackedB>> packed_;
  bool ran_igemm_ = false;
};

}  // namespace ember
