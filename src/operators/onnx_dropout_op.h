// onnx_dropout: ONNX Dropout (opset 12+), whose ratio and training_mode may be tensors known at run time
// only (Paddle's dropout takes is_test and dropout_prob as attributes). X (float32) → Out, optional Mask
// (bool, true = kept). Inputs Ratio (one float) and TrainingMode (one bool), read in InferShape, override the
// attributes ratio (default 0.5) and training_mode (default false). Out = X and Mask all true when not
// training or when ratio is 0; otherwise each element is kept with probability 1 - ratio and scaled by
// 1 / (1 - ratio). The random stream is a counter hash of attribute seed (default 0), the run number of the
// op and the element index: deterministic for a predictor, different on each run.
#pragma once

#include <cstdint>

#include "framework/operator.h"
#include "operators/kernel/onnx_dropout_kernel.h"

namespace ember {

struct OnnxDropoutParam {
  const Tensor* x = nullptr;
  const Tensor* ratio_tensor = nullptr;     // optional Ratio
  const Tensor* training_tensor = nullptr;  // optional TrainingMode
  Tensor* out = nullptr;
  Tensor* mask = nullptr;  // optional Mask
  float ratio_attr = 0.5f;
  bool training_attr = false;
  int64_t seed = 0;
  // Resolved by InferShape:
  float ratio = 0.f;
  bool random = false;  // training with ratio > 0
  Status Bind(ParamBinder* b);
};

class OnnxDropoutOp : public OperatorWithKernel<CPU, OnnxDropoutParam, OnnxDropoutKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
