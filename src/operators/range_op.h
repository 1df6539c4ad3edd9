// range: Out = [Start, Start + Step, ...) up to End (exclusive); Start, End and Step are one-element
// tensors of the same type (float32, int32 or int64), Out has that type and max(ceil((End-Start)/Step), 0)
// elements.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/range_kernel.h"

namespace ember {

struct RangeParam {
  const Tensor* start = nullptr;
  const Tensor* end = nullptr;
  const Tensor* step = nullptr;
  Tensor* out = nullptr;
  Status Bind(ParamBinder* b);
};

class RangeOp : public OperatorWithKernel<CPU, RangeParam, RangeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
