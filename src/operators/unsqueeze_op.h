// unsqueeze / unsqueeze2: inserts size-1 dims at `axes`, one after another (a negative axis counts from
// the end of the shape built so far, as in Paddle). AxesTensor inputs are not supported.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/unsqueeze_kernel.h"

namespace ember {

struct UnsqueezeParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* xshape = nullptr;
  std::vector<int64_t> axes;
  Status Bind(ParamBinder* b);
};

class UnsqueezeOp : public OperatorWithKernel<CPU, UnsqueezeParam, UnsqueezeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
