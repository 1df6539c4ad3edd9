// pad (N-D): Out = X padded by `paddings` = [before_0, after_0, before_1, after_1, ...] (one pair per dim of
// X; negative values crop), from the Paddings input (int32/int64) or the paddings attribute. With the
// optional Axes input (int32/int64, negative counts from the end) Paddings is ONNX's layout instead:
// [begin over Axes..., end over Axes...], other dims unpadded. mode: "constant" (pad_value), "reflect"
// (mirror without the edge; pads must be smaller than the dim), "edge" (repeat the edge) or "wrap" (the
// other end's values, as ONNX's wrap). Any element type.
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/pad_nd_kernel.h"

namespace ember {

enum class PadNdMode { kConstant, kReflect, kEdge, kWrap };

struct PadNdParam {
  const Tensor* x = nullptr;
  const Tensor* paddings_tensor = nullptr;
  const Tensor* value_tensor = nullptr;  // optional PadValue: one element of X's type
  const Tensor* axes_tensor = nullptr;   // optional Axes
  Tensor* out = nullptr;
  std::vector<int64_t> paddings_attr;
  float pad_value = 0.f;
  PadNdMode mode = PadNdMode::kConstant;
  std::vector<int64_t> before;  // set by InferShape, one per dim
  Status Bind(ParamBinder* b);
};

class PadNdOp : public OperatorWithKernel<CPU, PadNdParam, PadNdKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
