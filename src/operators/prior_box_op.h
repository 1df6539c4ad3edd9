// prior_box: the SSD anchor boxes of one feature map. Boxes [H, W, num_priors, 4] hold normalized
// (xmin, ymin, xmax, ymax) relative to Image; Variances (same dims) repeat the `variances` attribute. The
// values depend only on the input shapes and the attributes.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/prior_box_kernel.h"

namespace ember {

struct PriorBoxParam {
  const Tensor* input = nullptr;  // feature map [N, C, H, W]: only H and W are read
  const Tensor* image = nullptr;  // [N, C, img_h, img_w]: only img_h and img_w are read
  Tensor* boxes = nullptr;
  Tensor* variances = nullptr;
  std::vector<float> min_sizes;
  std::vector<float> max_sizes;      // empty, or one per min size
  std::vector<float> aspect_ratios;  // expanded: 1 first, then each distinct ratio (and 1/ratio if flip)
  std::vector<float> variance;       // 4 values
  bool clip = false;
  float step_w = 0.f;  // 0: image size / feature size
  float step_h = 0.f;
  float offset = 0.5f;
  bool min_max_aspect_ratios_order = false;  // Caffe order: min, max, then the other ratios

  int64_t NumPriors() const {
    return static_cast<int64_t>(aspect_ratios.size() * min_sizes.size() + max_sizes.size());
  }
  Status Bind(ParamBinder* b);
};

// Paddle's expansion: 1.0 first; each ratio not already present (within 1e-6) is added, followed by its
// reciprocal when flip is set.
std::vector<float> ExpandAspectRatios(const std::vector<float>& ratios, bool flip);

class PriorBoxOp : public OperatorWithKernel<CPU, PriorBoxParam, PriorBoxKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
