// transpose2 (and transpose): Out = X with its axes permuted by `axis`; any dtype.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/transpose_kernel.h"

namespace ember {

struct TransposeParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* xshape = nullptr;
  std::vector<int64_t> axis;
  Status Bind(ParamBinder* b);
};

class TransposeOp : public OperatorWithKernel<CPU, TransposeParam, TransposeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
