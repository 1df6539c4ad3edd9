// affine_grid (Paddle's, with ONNX AffineGrid's 3-D case): Theta [N, 2, 3] maps each output pixel's normalized
// position (x, y, 1) to a sampling position; Output [N, H, W, 2] holds (x', y') per pixel, for grid_sampler.
// Theta [N, 3, 4] does the same in 3-D: Output [N, D, H, W, 3]. The size [N, C, H, W] (or [N, C, D, H, W])
// comes from the optional OutputShape input (int32 or int64) or else the output_shape attribute.
// Positions run from -1 to 1 across the pixels: pixel i of n is at -1 + 2i / (n - 1) when align_corners
// (Paddle's default; -1 when n = 1), else at (2i + 1) / n - 1 (the pixel centers).
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/affine_grid_kernel.h"

namespace ember {

struct AffineGridParam {
  const Tensor* theta = nullptr;
  const Tensor* output_shape_tensor = nullptr;  // optional
  Tensor* out = nullptr;
  std::vector<int64_t> output_shape;  // the attribute; then, from InferShape, the size in use
  bool align_corners = true;
  Status Bind(ParamBinder* b);
};

class AffineGridOp : public OperatorWithKernel<CPU, AffineGridParam, AffineGridKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
