// determinant (Paddle's; ONNX Det): Out [...] = det of each [M, M] matrix of Input [..., M, M] (LU with
// partial pivoting in double). float32.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/determinant_kernel.h"

namespace ember {

struct DeterminantParam {
  const Tensor* input = nullptr;
  Tensor* out = nullptr;
  int64_t m = 0;  // set by InferShape
  Status Bind(ParamBinder* b);
};

class DeterminantOp : public OperatorWithKernel<CPU, DeterminantParam, DeterminantKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
