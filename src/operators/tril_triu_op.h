// tril_triu: keeps the lower (lower = true: j - i <= diagonal) or upper (j - i >= diagonal) triangle of the
// last two dims of X and zeroes the rest; diagonal from the Diagonal input (one int value) or attribute.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/tril_triu_kernel.h"

namespace ember {

struct TrilTriuParam {
  const Tensor* x = nullptr;
  const Tensor* diagonal_tensor = nullptr;
  Tensor* out = nullptr;
  int64_t diagonal_attr = 0;
  bool lower = true;
  int64_t diagonal = 0;  // resolved by InferShape
  Status Bind(ParamBinder* b);
};

class TrilTriuOp : public OperatorWithKernel<CPU, TrilTriuParam, TrilTriuKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
