// QuantizedConv2dKernel<Device, T>: specialized per device.
#pragma once

#include <memory>
#include <vector>

#include "framework/status.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

struct QuantizedConv2dParam;

template <typename Device, typename T>
class QuantizedConv2dKernel {
 public:
  Status Init(QuantizedConv2dParam* param);
  Status Compute(const QuantizedConv2dParam& param);
  // "igemm avx512vnni" etc. when the last Compute ran the int8 GEMM (cpu_accel.h), else "portable".
  const char* Name(const QuantizedConv2dParam& param) const;

 private:
  // Filter packed for the int8 GEMM (one per group): shared by the model's predictors when Filter is a weight.
  std::shared_ptr<const std::vector<Int8PackedB>> packed_;
  std::vector<uint8_t> bytes_, hwc_;  // the quantized input, then its padded HWC copy (reused across runs)
  std::vector<float> scales_;         // per output channel: input_step * filter_scale
  bool ran_igemm_ = false;
};

}  // namespace ember
