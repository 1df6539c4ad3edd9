// ConvTransposeKernel<Device, T>: conv2d_transpose, specialized per device.
#pragma once

#include <vector>

#include "framework/status.h"

namespace ember {

struct ConvTransposeParam;

template <typename Device, typename T>
class ConvTransposeKernel {
 public:
  Status Init(ConvTransposeParam* param);
  Status Compute(const ConvTransposeParam& param);
  const char* Name(const ConvTransposeParam& param) const;

 private:
  std::vector<T> filter_t_;  // per group [Cout/g * kh * kw, Cin/g]: the filter transposed in Init
  std::vector<T> bias_;      // [Cout], zeros without a Bias input
  std::vector<T> scratch_;   // the col buffer, reused across runs
};

}  // namespace ember
