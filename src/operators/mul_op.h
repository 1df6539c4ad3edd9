// mul: Paddle's flattening matrix product. X is viewed as a matrix [prod(X dims before x_num_col_dims),
// prod(the rest)], Y likewise with y_num_col_dims; Out = X * Y with dims X[:x_num_col_dims] +
// Y[y_num_col_dims:].
#pragma once

#include <cstdint>

#include "framework/operator.h"
#include "operators/kernel/mul_kernel.h"

namespace ember {

struct MulParam {
  const Tensor* x = nullptr;
  const Tensor* y = nullptr;
  Tensor* out = nullptr;
  int64_t x_num_col_dims = 1;
  int64_t y_num_col_dims = 1;
  int64_t m = 0, k = 0, n = 0;  // GEMM sizes, set by InferShape
  Status Bind(ParamBinder* b);
};

class MulOp : public OperatorWithKernel<CPU, MulParam, MulKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
