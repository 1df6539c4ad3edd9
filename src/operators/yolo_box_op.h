// yolo_box: decodes one YOLOv3 head. X [N, A * (5 + class_num), H, W] holds, per anchor a, the channels
// tx, ty, tw, th, objectness, class logits; ImgSize [N, 2] int32 holds (height, width) of each image.
// Boxes [N, A * H * W, 4] are (x1, y1, x2, y2) in image pixels; Scores [N, A * H * W, class_num] are
// sigmoid(objectness) * sigmoid(class logit). Rows are ordered anchor, then grid row, then grid column; a
// row whose objectness is below conf_thresh stays all zeros.
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/yolo_box_kernel.h"

namespace ember {

struct YoloBoxParam {
  const Tensor* x = nullptr;
  const Tensor* img_size = nullptr;
  Tensor* boxes = nullptr;
  Tensor* scores = nullptr;
  std::vector<int64_t> anchors;  // (w, h) pairs in input-image pixels
  int class_num = 1;
  float conf_thresh = 0.01f;
  int downsample_ratio = 32;
  bool clip_bbox = true;
  float scale_x_y = 1.f;

  int64_t NumAnchors() const { return static_cast<int64_t>(anchors.size() / 2); }
  Status Bind(ParamBinder* b);
};

class YoloBoxOp : public OperatorWithKernel<CPU, YoloBoxParam, YoloBoxKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
