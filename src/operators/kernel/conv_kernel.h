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
  // The implementation Compute runs for the param's current geometry, for the profile's kernel column:
  // "winograd F(6,3) avx512", "gemm avx2", "dw3x3s1 avx512", "portable", ...
  const char* Name(const ConvParam& param) const;

 private:
  std::vector<T> filter_;   // [Cout, Cin/groups * kh * kw], copied in Init
  std::vector<T> bias_;     // [Cout], zeros without a Bias input
  std::vector<T> scratch_;  // im2col buffer, reused across runs (portable path)
  // x86: the filter packed for the GEMM micro-kernels (per group), and transformed for Winograd F(2,3) /
  // F(4,3) / F(6,3) (index m / 2 - 1), each made on first use once per model and shared by its predictors.
  std::shared_ptr<const std::vector<T>> shared_packed_;
  std::shared_ptr<const std::vector<T>> shared_wino_[3];
  std::shared_ptr<const std::vector<T>> shared_s2_;  // x86: the direct 3x3 stride-2 conv's packed filter
  std::shared_ptr<const std::vector<T>> shared_16c_;  // x86: the NCHW16c kernels' packed filter
  std::vector<T> bias_16c_;                           // bias_ zero-padded to a multiple of 16
};

}  // namespace ember
