// layout_transform: Out = X in another memory layout. Inserted by the layout pass (src/passes/nchw16c_layout_pass.cpp) at the
// borders of the regions that run on NCHW16c kernels; not a Paddle op.
//   dst_layout "NCHW16c": X [N, C, H, W] -> Out [N, ceil(C/16), H, W, 16], padding channels zero.
//   dst_layout "NCHW":    X [N, ceil(C/16), H, W, 16] -> Out [N, C, H, W], C = attribute channels.
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/layout_transform_kernel.h"

namespace ember {

struct LayoutTransformParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  bool to_16c = true;
  int64_t channels = 0;  // dst_layout NCHW: the real channel count
  int64_t n = 0, c = 0, hw = 0;  // set by InferShape
  Status Bind(ParamBinder* b);
};

class LayoutTransformOp
    : public OperatorWithKernel<CPU, LayoutTransformParam, LayoutTransformKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
