// lrn: local response normalization across channels, Paddle's form (alpha is not divided by n):
//   MidOut[c] = k + alpha * sum_{j = c - (n-1)/2}^{c + (n-1)/2} X[j]^2   (channels outside [0, C) skipped)
//   Out[c] = X[c] * MidOut[c]^(-beta)
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/lrn_kernel.h"

namespace ember {

struct LrnParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* mid_out = nullptr;  // optional
  int64_t n = 5;
  float k = 2.f, alpha = 1e-4f, beta = 0.75f;
  std::string data_format;
  Status Bind(ParamBinder* b);
};

class LrnOp : public OperatorWithKernel<CPU, LrnParam, LrnKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
