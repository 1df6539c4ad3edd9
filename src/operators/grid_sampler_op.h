// grid_sampler (Paddle's, extended to ONNX's GridSample): X [N, C, d1, ..., dr] (r = 1..3) is sampled at the
// normalized positions of Grid [N, o1, ..., or, r]; Output is [N, C, o1, ..., or]. Grid's last axis lists
// the coordinates innermost dim first (x for dr, y for dr-1, ...), -1 and 1 being the edges: the outer pixel
// centers when align_corners, the outer pixel edges otherwise.
// mode: "bilinear" (linear in every dim: trilinear for r = 3), "nearest" (rounded half to even, as ONNX's
// test data, 3-D too), "bicubic" (Keys, a = -0.75, in every dim).
// padding_mode, for positions outside X: "zeros" (pixels outside read 0), "border" (coordinates clamped to
// the edge pixels), "reflection" (coordinates reflected at the edges). align_corners: Paddle's default true.
#pragma once

#include <string>

#include "framework/operator.h"
#include "operators/kernel/grid_sampler_kernel.h"

namespace ember {

struct GridSamplerParam {
  const Tensor* x = nullptr;
  const Tensor* grid = nullptr;
  Tensor* out = nullptr;
  std::string mode = "bilinear";
  std::string padding_mode = "zeros";
  bool align_corners = true;
  Status Bind(ParamBinder* b);
};

class GridSamplerOp : public OperatorWithKernel<CPU, GridSamplerParam, GridSamplerKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
