// OnnxDropoutKernel<Device, T>: onnx_dropout, specialized per device.
#pragma once

#include <cstdint>

#include "framework/status.h"

namespace ember {

struct OnnxDropoutParam;

template <typename Device, typename T>
class OnnxDropoutKernel {
 public:
  Status Init(OnnxDropoutParam* param);
  Status Compute(const OnnxDropoutParam& param);

 private:
  uint64_t runs_ = 0;  // advances the random stream on each run
};

}  // namespace ember
