// space_to_depth and depth_to_space (ONNX semantics, NCHW, any element type), attribute blocksize.
// space_to_depth: [N, C, H, W] -> [N, C*b*b, H/b, W/b], out channel (by*b + bx)*C + c.
// depth_to_space: the inverse; mode "DCR" (depth-column-row, the default: in channel (by*b + bx)*C' + c) or
// "CRD" (column-row-depth: in channel c*b*b + by*b + bx, which is pixel_shuffle).
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/space_to_depth_kernel.h"

namespace ember {

struct SpaceToDepthParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  int64_t blocksize = 1;
  bool to_depth = true;  // space_to_depth; false: depth_to_space
  bool crd = false;      // depth_to_space mode CRD
  Status Bind(ParamBinder* b);
};

class SpaceToDepthOp : public OperatorWithKernel<CPU, SpaceToDepthParam, SpaceToDepthKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
