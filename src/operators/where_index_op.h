// where_index (Paddle's; ONNX NonZero transposed): Out [n, rank] int64, the coordinates of Condition's n
// nonzero (true) elements in row-major order. Condition of any type but float16.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/where_index_kernel.h"

namespace ember {

struct WhereIndexParam {
  const Tensor* condition = nullptr;
  Tensor* out = nullptr;
  Status Bind(ParamBinder* b);
};

// Out's row count depends on Condition's values: InferShape counts them.
class WhereIndexOp : public OperatorWithKernel<CPU, WhereIndexParam, WhereIndexKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
