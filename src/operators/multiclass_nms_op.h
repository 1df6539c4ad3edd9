// multiclass_nms, multiclass_nms2, multiclass_nms3: per image and per class (except background_label),
// greedy non-maximum suppression of the boxes scoring above score_threshold (at most nms_top_k of them,
// best first), then the keep_top_k best survivors of the image over all classes.
//   BBoxes [N, M, 4] (x1, y1, x2, y2), Scores [N, C, M] → Out [K, 6] rows (label, score, x1, y1, x2, y2),
//   image by image, within an image by ascending label, within a label by descending score.
//   Index [K, 1] int32 (optional): n * M + m, the row of each kept box in BBoxes viewed as [N * M, 4].
//   NmsRoisNum [N] int32 (optional): the number of rows of each image.
// K depends on the data, so Compute resizes Out and Index. With no survivor, Out is [0, 6] when Index is
// requested, else [1, 1] holding -1 (Paddle's convention).
#pragma once

#include "framework/operator.h"
#include "operators/kernel/multiclass_nms_kernel.h"

namespace ember {

struct MultiClassNmsParam {
  const Tensor* bboxes = nullptr;
  const Tensor* scores = nullptr;
  Tensor* out = nullptr;
  Tensor* index = nullptr;         // optional
  Tensor* nms_rois_num = nullptr;  // optional
  int background_label = 0;        // -1: every class is a foreground class
  float score_threshold = 0.f;
  int nms_top_k = -1;   // negative: no limit
  float nms_threshold = 0.3f;
  float nms_eta = 1.f;  // < 1: the IoU threshold shrinks by this factor after each kept box while above 0.5
  int keep_top_k = -1;  // negative: no limit
  bool normalized = true;  // false: pixel coordinates, widths and heights get +1
  Status Bind(ParamBinder* b);
};

class MultiClassNmsOp : public OperatorWithKernel<CPU, MultiClassNmsParam, MultiClassNmsKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
