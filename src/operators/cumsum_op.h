// cumsum: running sums of X along `axis` (from the AxisTensor input when given); exclusive leaves out the
// element itself, reverse sums from the end. float32, int32, int64. cumprod: running products, the same way
// (Paddle's cumprod names the axis `dim`; integer products wrap around).
#pragma once

#include "framework/operator.h"
#include "operators/kernel/cumsum_kernel.h"

namespace ember {

struct CumsumParam {
  const Tensor* x = nullptr;
  const Tensor* axis_tensor = nullptr;
  Tensor* out = nullptr;
  int64_t axis_attr = -1;
  bool exclusive = false, reverse = false;
  bool product = false;  // cumprod
  // X viewed as [outer, n, inner]; set by InferShape.
  int64_t outer = 1, n = 1, inner = 1;
  Status Bind(ParamBinder* b);
};

class CumsumOp : public OperatorWithKernel<CPU, CumsumParam, CumsumKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
