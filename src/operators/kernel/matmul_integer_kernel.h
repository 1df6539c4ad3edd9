// MatMulIntegerKernel<Device, T>: specialized per device.
#pragma once

#include <memory>
#include <vector>

#include "framework/status.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

struct MatMulIntegerParam;

template <typename Device, typename T>
class MatMulIntegerKernel {
 public:
  Status Init(MatMulIntegerParam* param);
  Status Compute(const MatMulIntegerParam& param);
  // "igemm avx512vnni" etc. when the last Compute ran the int8 GEMM (cpu_accel.h), else "portable".
  const char* Name(const MatMulIntegerParam& param) const;

 private:
  // Y packed for the int8 GEMM (one per matrix of Y): shared by the model's predictors when Y is a weight.
  std::shared_ptr<const std::vector<Int8PackedB>> packed_;
  bool ran_igemm_ = false;
};

}  // namespace ember
