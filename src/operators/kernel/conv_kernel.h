// ConvKernel<Device, T>: conv2d / depthwise_conv2d, specialized per device.
#pragma once

#include <memory>
#include <vector>

#include "framework/status.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

struct ConvParam;

template <typename Device, typename T>
class ConvKernel {
 public:
  Status Init(ConvParam* param);
  Status Compute(const ConvParam& param);
  // The implementation the last Compute ran (before one: the one it would run), for the profile's kernel column:
  // "winograd F(6,3) avx512", "gemm avx2", "dw3x3s1 avx512", "portable", ...
  const char* Name(const ConvParam& param) const;

 private:
  std::vector<T> bias_;     // [Cout] (zeros without a Bias input), zero-padded to the accelerated paths' bias_align
  std::vector<T> scratch_;  // im2col buffer, reused across runs (portable path)
  // The filter each path reads (cpu_accel.h's ConvAccelPlan::path: packed for it, or a plain copy), made on
  // first use once per model and shared by its predictors: a new input shape may change the path.
  std::shared_ptr<const std::vector<T>> packed_[kConvAccelPaths];
  ConvAccelPlan pinned_{-1, nullptr};  // the path a freed filter was packed for, once a run needed it
  int ran_path_ = -1;  // the path of the last Compute (the filter's packed path where it was freed), for Name
};

}  // namespace ember
