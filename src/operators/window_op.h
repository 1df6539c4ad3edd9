// window (ONNX HannWindow / HammingWindow / BlackmanWindow): Out [N] float32 for the one-value int Size
// input N; attribute window: hann (0.5 - 0.5 cos t), hamming (25/46 - 21/46 cos t), blackman (0.42 - 0.5
// cos t + 0.08 cos 2t), t = 2 pi n / D, D = N when periodic (the default) else N - 1.
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/window_kernel.h"

namespace ember {

struct WindowParam {
  const Tensor* size = nullptr;
  Tensor* out = nullptr;
  std::string window = "hann";
  bool periodic = true;
  Status Bind(ParamBinder* b);
};

class WindowOp : public OperatorWithKernel<CPU, WindowParam, WindowKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
