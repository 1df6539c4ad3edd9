// rms_norm: X flattened to [left, right] at begin_norm_axis (negative: from the end); each row divided by
// its root mean square sqrt(mean(x^2) + epsilon), then multiplied elementwise by the optional Scale, whose
// dims broadcast (numpy, right-aligned) to X's dims from begin_norm_axis on. ONNX's RMSNormalization.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/rms_norm_kernel.h"

namespace ember {

struct RmsNormParam {
  const Tensor* x = nullptr;
  const Tensor* scale = nullptr;  // optional
  Tensor* y = nullptr;
  int64_t begin_norm_axis = -1;
  float epsilon = 1e-5f;
  // Set by InferShape: the row length, and the scale spread over a row when it broadcasts (else empty).
  int64_t left = 1, right = 1;
  std::vector<float> scale_row;
  Status Bind(ParamBinder* b);
};

class RmsNormOp : public OperatorWithKernel<CPU, RmsNormParam, RmsNormKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
