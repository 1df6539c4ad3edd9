// dropout at inference: "downgrade_in_infer" scales by (1 - dropout_prob), "upscale_in_train" is the
// identity. The optional Mask output is zeros (no element is dropped at inference).
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/dropout_kernel.h"

namespace ember {

struct DropoutParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* mask = nullptr;  // optional
  float dropout_prob = 0.5f;
  bool is_test = false;
  std::string implementation;
  float factor = 1.f;  // what X is multiplied by
  Status Bind(ParamBinder* b);
};

class DropoutOp : public OperatorWithKernel<CPU, DropoutParam, DropoutKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
