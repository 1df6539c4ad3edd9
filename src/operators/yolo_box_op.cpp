#include "operators/yolo_box_op.h"

#include "framework/op_registry.h"

namespace ember {

Status YoloBoxParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  img_size = b->Input("ImgSize");
  boxes = b->Output("Boxes");
  scores = b->Output("Scores");
  AttrReader& a = b->attrs();
  anchors = a.Ints("anchors", {});
  class_num = static_cast<int>(a.Int("class_num", 1));
  conf_thresh = a.Float("conf_thresh", 0.01f);
  downsample_ratio = static_cast<int>(a.Int("downsample_ratio", 32));
  clip_bbox = a.Bool("clip_bbox", true);
  scale_x_y = a.Float("scale_x_y", 1.f);
  bool iou_aware = a.Bool("iou_aware", false);
  EMBER_RETURN_IF_ERROR(a.status());
  if (iou_aware) return Unimplemented("attribute iou_aware = true is not supported");
  EMBER_CHECK(!anchors.empty() && anchors.size() % 2 == 0,
              "attribute anchors must hold (width, height) pairs, got ", anchors.size(), " values");
  EMBER_CHECK(class_num > 0, "attribute class_num must be positive, got ", class_num);
  EMBER_CHECK(downsample_ratio > 0, "attribute downsample_ratio must be positive, got ", downsample_ratio);
  EMBER_CHECK(scale_x_y > 0.f, "attribute scale_x_y must be positive, got ", scale_x_y);
  return Status::OK();
}

Status YoloBoxOp::InferShape() {
  const YoloBoxParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK_DTYPE(p.img_size, DataType::kInt32, "input ImgSize");
  const DDim& xd = p.x->dims();
  const DDim& sd = p.img_size->dims();
  EMBER_CHECK(xd.size() == 4, "input X must be 4-D (NCHW), got ", xd.ToString());
  EMBER_CHECK(sd.size() == 2 && sd[1] == 2 && sd[0] == xd[0], "input ImgSize must be [N, 2] with N = ", xd[0],
              ", got ", sd.ToString());
  const int64_t an = p.NumAnchors();
  EMBER_CHECK(xd[1] == an * (5 + p.class_num), "input X has ", xd[1], " channels; attributes anchors (", an,
              " anchors) and class_num (", p.class_num, ") need ", an * (5 + p.class_num));
  const int64_t box_num = an * xd[2] * xd[3];
  p.boxes->Resize(DDim({xd[0], box_num, 4}));
  p.boxes->set_dtype(DataType::kFloat32);
  p.scores->Resize(DDim({xd[0], box_num, p.class_num}));
  p.scores->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(yolo_box, YoloBoxOp)

}  // namespace ember
