// where: Out = Condition ? X : Y elementwise, with numpy broadcasting of all three (Condition is bool).
#pragma once

#include "framework/operator.h"
#include "operators/kernel/where_kernel.h"

namespace ember {

struct WhereParam {
  const Tensor* condition = nullptr;
  const Tensor* x = nullptr;
  const Tensor* y = nullptr;
  Tensor* out = nullptr;
  Status Bind(ParamBinder* b);
};

class WhereOp : public OperatorWithKernel<CPU, WhereParam, WhereKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
