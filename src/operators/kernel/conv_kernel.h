// ConvKernel<Device, T>: conv2d / depthwise_conv2d, specialized per device.
#pragma once

#include <memory>
#include <vector>

#include "framework/status.h"

namespace ember {

struct ConvParam;

template <typename Device, typename T>
class ConvKernel {
 public:
  Status Init(ConvParam* param);
  Status Compute(const ConvParam& param);

 private:
  std::vector<T> filter_;   // [Cout, Cin/groups * kh * kw], copied in Init
  std::vector<T> bias_;     // [Cout], zeros without a Bias input
  std::vector<T> scratch_;  // im2col buffer, reused across runs (portable path)
  // x86: the filter packed for the GEMM micro-kernels (per group), made in Init once per model and shared
  // by its predictors.
  std::shared_ptr<const std::vector<T>> shared_packed_;
};

}  // namespace ember
