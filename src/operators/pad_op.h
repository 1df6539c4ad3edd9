// pad2d: X [N, C, H, W], paddings [top, bottom, left, right], mode constant/reflect/edge, pad_value.
// pad3d: X [N, C, D, H, W], paddings [left, right, top, bottom, front, back], mode
// constant/reflect/replicate/circular, value. Both NCHW/NCDHW only; an optional Paddings input (int)
// overrides the attribute. float32, int32, int64 and bool.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/pad_kernel.h"

namespace ember {

enum class PadMode { kConstant, kReflect, kReplicate, kCircular };

struct PadParam {
  const Tensor* x = nullptr;
  const Tensor* paddings_tensor = nullptr;
  Tensor* out = nullptr;
  bool is_3d = false;
  PadMode mode = PadMode::kConstant;
  float value = 0.f;
  std::vector<int64_t> paddings;  // as the attribute gives them
  // Set by InferShape: {front, back, top, bottom, left, right}; pad2d has front = back = 0.
  int64_t pads[6] = {0, 0, 0, 0, 0, 0};
  Status Bind(ParamBinder* b);
};

class PadOp : public OperatorWithKernel<CPU, PadParam, PadKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
