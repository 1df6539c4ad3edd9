// layout_transform: Out = X in another memory layout. Inserted by the layout pass (src/passes/nchw16c_layout_pass.cpp)
// at the borders of the regions that run on packed-channel kernels (operators/packed_layout.h); not a Paddle op.
//   dst_layout "NCHW16c" / "NCHW4c": X [N, C, H, W] -> Out [N, ceil(C/x), H, W, x], padding channels zero.
//   dst_layout "NCHW":    X [N, ceil(C/x), H, W, x] -> Out [N, C, H, W], C = attribute channels, x = 4 or 16.
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/layout_transform_kernel.h"

namespace ember {

struct LayoutTransformParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  int64_t to_block = 0;  // dst_layout NCHWxc: x; NCHW: 0
  int64_t channels = 0;  // dst_layout NCHW: the real channel count
  int64_t n = 0, c = 0, hw = 0, block = 0;  // set by InferShape (block: the packed side's)
  Status Bind(ParamBinder* b);
};

class LayoutTransformOp
    : public OperatorWithKernel<CPU, LayoutTransformParam, LayoutTransformKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
