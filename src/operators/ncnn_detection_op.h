// ncnn's detection layers, with ncnn's exact semantics and blob layouts (batch dim 1 in front):
//   ncnn_prior_box               Input [1, C, h, w], Image [1, C', H, W] -> Out [1, 2, 4 * h * w * num_prior]
//                                (row 0 boxes xmin, ymin, xmax, ymax normalized by the image size; row 1 the
//                                four variances per box). Caffe-SSD order per cell: for each min size the
//                                min box, the sqrt(min * max) box, then each aspect ratio (and its flip).
//   ncnn_detection_output        Loc [1, 4N], Conf [1, N * num_class] (class fastest), PriorBox [1, 2, 4N]
//                                -> Out [1, K, 6] (label, score, xmin, ymin, xmax, ymax): center-size decode
//                                with the prior variances, per-class (background 0 skipped) threshold,
//                                nms_top_k, greedy NMS, then all classes sorted by score and keep_top_k.
//   ncnn_yolo_detection_output   X: feature maps [1, num_box * (5 + num_class), h, w] -> Out [1, K, 6].
//                                version 3 (Yolov3DetectionOutput): sigmoid x, y, objectness and the best
//                                raw class score; w, h = exp(t) * anchor / (anchors_scale[i] * size), anchor
//                                picked by `mask`. version 2 (YoloDetectionOutput): softmax over classes and
//                                w, h = exp(t) * bias / size (same anchors for every map). Boxes over the threshold of every map are sorted
//                                together, class-agnostic greedy NMS; label = class + 1.
// K is known only after Compute (0 when nothing passes; then Out is [1, 0, 6]).
#pragma once

#include <vector>

#include "framework/operator.h"
#include "operators/kernel/ncnn_detection_kernel.h"

namespace ember {

enum class NcnnDetectionType { kPriorBox, kDetectionOutput, kYolo };

struct NcnnDetectionParam {
  NcnnDetectionType type = NcnnDetectionType::kPriorBox;
  // prior box
  const Tensor* input = nullptr;
  const Tensor* image = nullptr;
  std::vector<float> min_sizes, max_sizes, aspect_ratios, variances;
  bool flip = true, clip = false;
  int image_width = 0, image_height = 0;  // -233: from Image
  float step_width = -233.f, step_height = -233.f, offset = 0.f;
  // detection output
  const Tensor* loc = nullptr;
  const Tensor* conf = nullptr;
  const Tensor* prior = nullptr;
  int num_class = 0, nms_top_k = 300, keep_top_k = 100;
  float nms_threshold = 0.05f, confidence_threshold = 0.5f;
  // yolo
  std::vector<const Tensor*> xs;
  int version = 3, num_box = 5;
  std::vector<float> biases, mask, anchors_scale;

  Tensor* out = nullptr;
  Status Bind(ParamBinder* b);
};

class NcnnDetectionOp : public OperatorWithKernel<CPU, NcnnDetectionParam, NcnnDetectionKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
