// squeeze / squeeze2: drops the size-1 dims listed in `axes` (all size-1 dims when empty). As in Paddle,
// listing a dim whose size is not 1 leaves it in place. Squeezing every dim leaves shape [1]. The axes come
// from AxesTensor (an int32/int64 tensor, read in InferShape, so it may be computed upstream) when given,
// else from the attribute.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/squeeze_kernel.h"

namespace ember {

struct SqueezeParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  Tensor* xshape = nullptr;
  const Tensor* axes_tensor = nullptr;  // optional AxesTensor
  std::vector<int64_t> axes;
  Status Bind(ParamBinder* b);
};

class SqueezeOp : public OperatorWithKernel<CPU, SqueezeParam, SqueezeKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
  // Out is X's bytes as they are: the arena may place it in X's slot (the copy then skips itself).
  std::vector<StorageView> Views() const override { return {{param_.out, param_.x, 0}}; }
};

}  // namespace ember
