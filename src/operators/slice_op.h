// slice: Out = Input[starts:ends] along `axes` (step 1). Negative starts/ends count from the end and
// out-of-range values are clamped as in numpy/Paddle (an empty range gives a 0-sized dim).
// decrease_axis drops those dims (each must come out size 1); dropping every dim leaves shape [1].
// StartsTensor/EndsTensor (1-D int32/int64) override the attributes; the *TensorList forms are not
// supported.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/slice_kernel.h"

namespace ember {

struct SliceParam {
  const Tensor* input = nullptr;
  const Tensor* starts_tensor = nullptr;
  const Tensor* ends_tensor = nullptr;
  Tensor* out = nullptr;
  std::vector<int64_t> axes, starts, ends, decrease_axis;
  // Set by InferShape: per input dim, the first index taken and the size taken (before decrease_axis).
  std::vector<int64_t> begin, size;
  Status Bind(ParamBinder* b);
};

class SliceOp : public OperatorWithKernel<CPU, SliceParam, SliceKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
  std::vector<StorageView> Views() const override;
};

}  // namespace ember
