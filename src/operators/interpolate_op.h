// nearest_interp, bilinear_interp, nearest_interp_v2, bilinear_interp_v2: resize X [N, C, H, W] (NCHW).
// Output size priority as Paddle: SizeTensor > OutSize > Scale input > scale attribute > out_h/out_w.
// v1 and v2 differ only in the source-coordinate ratio when not align_corners: v1 always uses
// in/out, v2 uses 1/scale whenever a scale was given. Nearest copies elements of any dtype; bilinear
// needs float32.
#pragma once

#include <string>
#include <vector>

#include "framework/operator.h"
#include "operators/kernel/interpolate_kernel.h"

namespace ember {

enum class InterpMethod { kNearest, kBilinear };

struct InterpolateParam {
  const Tensor* x = nullptr;
  const Tensor* out_size = nullptr;           // optional OutSize: [2] int
  std::vector<const Tensor*> size_tensors;    // optional SizeTensor: two [1] int tensors
  const Tensor* scale_tensor = nullptr;       // optional Scale: float
  Tensor* out = nullptr;
  bool v2 = false;
  InterpMethod method = InterpMethod::kNearest;
  bool align_corners = true;
  int align_mode = 1;
  int64_t out_h_attr = 0, out_w_attr = 0;
  std::vector<float> scale_attr;
  // Set by InferShape: source-coordinate ratios (Paddle's ratio_h/ratio_w).
  float ratio_h = 0.f, ratio_w = 0.f;
  Status Bind(ParamBinder* b);
};

class InterpolateOp : public OperatorWithKernel<CPU, InterpolateParam, InterpolateKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
