// center_crop_pad (ONNX CenterCropPad): Out has X's dims with the dims listed in `axes` (all by default;
// negative from the end) set to Shape's values (int32 / int64, one per axis). Along each, a larger X is
// cropped to a centered window starting at (dim - size) / 2, a smaller one is zero-padded with
// (size - dim) / 2 before it. Any element type.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/center_crop_pad_kernel.h"

namespace ember {

struct CenterCropPadParam {
  const Tensor* x = nullptr;
  const Tensor* shape = nullptr;
  Tensor* out = nullptr;
  std::vector<int64_t> axes;
  std::vector<int64_t> shift;  // per dim: input coordinate = output coordinate + shift; set by InferShape
  Status Bind(ParamBinder* b);
};

class CenterCropPadOp : public OperatorWithKernel<CPU, CenterCropPadParam, CenterCropPadKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
