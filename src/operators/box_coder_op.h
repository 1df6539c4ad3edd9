// box_coder: encodes boxes against priors, or decodes offsets back to boxes (the "center size" coding).
//   decode_center_size: TargetBox [N, M, 4] offsets → OutputBox [N, M, 4] boxes; the prior of element
//     (i, j) is PriorBox row j (axis 0, PriorBox [M, 4]) or row i (axis 1, PriorBox [N, 4]).
//   encode_center_size: TargetBox [T, 4] boxes → OutputBox [T, M, 4] offsets against every prior.
// Variances come from PriorBoxVar (same dims as PriorBox), else from the `variance` attribute (4 values),
// else are 1. box_normalized = false means pixel coordinates: widths and heights get +1.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/box_coder_kernel.h"

namespace ember {

enum class BoxCodeType { kEncodeCenterSize, kDecodeCenterSize };

struct BoxCoderParam {
  const Tensor* prior_box = nullptr;
  const Tensor* prior_box_var = nullptr;  // optional
  const Tensor* target_box = nullptr;
  Tensor* output_box = nullptr;
  BoxCodeType code_type = BoxCodeType::kEncodeCenterSize;
  bool box_normalized = true;
  int axis = 0;
  std::vector<float> variance;  // empty or 4 values
  Status Bind(ParamBinder* b);
};

class BoxCoderOp : public OperatorWithKernel<CPU, BoxCoderParam, BoxCoderKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
