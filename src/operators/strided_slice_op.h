// strided_slice (ONNX Slice semantics): per listed axis, elements start, start + step, ... before end.
// Negative starts/ends count from the end; they are clamped to the dim ([0, dim] for a positive step,
// [0, dim - 1] / [-1, dim - 1] for a negative one). Starts, ends, strides and axes come from the
// StartsTensor / EndsTensor / StridesTensor / AxesTensor inputs (int32/int64) when given, else from the
// attributes; strides default to 1 and axes to 0..n-1.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/strided_slice_kernel.h"

namespace ember {

struct StridedSliceParam {
  const Tensor* input = nullptr;
  const Tensor* starts_tensor = nullptr;
  const Tensor* ends_tensor = nullptr;
  const Tensor* strides_tensor = nullptr;
  const Tensor* axes_tensor = nullptr;
  Tensor* out = nullptr;
  std::vector<int64_t> axes, starts, ends, strides;
  // Set by InferShape: per input dim, the first index and the step (1 for dims not sliced).
  std::vector<int64_t> begin, step;
  Status Bind(ParamBinder* b);
};

class StridedSliceOp : public OperatorWithKernel<CPU, StridedSliceParam, StridedSliceKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
  // At unit steps, a box that is one run of Input's bytes (a channel range at batch 1): Out may be a view.
  std::vector<StorageView> Views() const override;
};

}  // namespace ember
