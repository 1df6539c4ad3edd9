// non_max_suppression (ONNX NonMaxSuppression): Boxes [B, N, 4] ([y1, x1, y2, x2] corners in either order,
// or center_point_box: [x, y, w, h]), Scores [B, C, N]; optional one-value inputs MaxOutputBoxesPerClass
// (int64; absent or 0: nothing selected), IouThreshold, ScoreThreshold (float32). Per batch and class the
// boxes scoring above ScoreThreshold are taken best first (ties: lower index first), each kept unless its
// IoU with a box already kept exceeds IouThreshold, up to MaxOutputBoxesPerClass. Out [selected, 3] int64:
// (batch, class, box) in that order.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/non_max_suppression_kernel.h"

namespace ember {

struct NonMaxSuppressionParam {
  const Tensor* boxes = nullptr;
  const Tensor* scores = nullptr;
  const Tensor* max_boxes = nullptr;        // optional
  const Tensor* iou_threshold = nullptr;    // optional
  const Tensor* score_threshold = nullptr;  // optional
  Tensor* out = nullptr;
  bool center_point_box = false;
  std::vector<int64_t> selected;  // (batch, class, box) triples, found by InferShape (Out's size needs them)
  Status Bind(ParamBinder* b);
};

class NonMaxSuppressionOp
    : public OperatorWithKernel<CPU, NonMaxSuppressionParam, NonMaxSuppressionKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
