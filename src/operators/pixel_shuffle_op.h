// pixel_shuffle: X [N, C*r*r, H, W] -> Out [N, C, H*r, W*r] with r = upscale_factor (NCHW only):
// Out[n, c, h*r + i, w*r + j] = X[n, c*r*r + i*r + j, h, w]. Any dtype.
#pragma once

#include "framework/operator.h"
#include "operators/kernel/pixel_shuffle_kernel.h"

namespace ember {

struct PixelShuffleParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  int64_t upscale_factor = 1;
  Status Bind(ParamBinder* b);
};

class PixelShuffleOp : public OperatorWithKernel<CPU, PixelShuffleParam, PixelShuffleKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
