// ncnn layer converters for detection heads: PriorBox, DetectionOutput (SSD) and the YOLO v2 / v3
// detection outputs, each to Ember's ncnn_* op of the same semantics.
#include "io/converter_selection.h"
#include "io/ncnn/ncnn_context.h"

namespace ember {

namespace {

std::vector<double> Doubles(const std::vector<float>& v) { return std::vector<double>(v.begin(), v.end()); }

Status ConvertPriorBox(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const std::vector<std::string> ins = ctx.BottomVars(L);
  if (ins.size() != 2) return InvalidArgument("expects the feature map and the image");
  std::map<std::string, Attribute> a;
  a["min_sizes"] = Attribute::Floats(Doubles(pd.Floats(0)));
  a["max_sizes"] = Attribute::Floats(Doubles(pd.Floats(1)));
  a["aspect_ratios"] = Attribute::Floats(Doubles(pd.Floats(2)));
  a["variances"] = Attribute::Floats({pd.Float(3, 0.1f), pd.Float(4, 0.1f), pd.Float(5, 0.2f), pd.Float(6, 0.2f)});
  a["flip"] = Attribute::Bool(pd.Int(7, 1) != 0);
  a["clip"] = Attribute::Bool(pd.Int(8, 0) != 0);
  a["image_width"] = Attribute::Int(pd.Int(9, -233));
  a["image_height"] = Attribute::Int(pd.Int(10, -233));
  a["step_width"] = Attribute::Float(pd.Float(11, -233.f));
  a["step_height"] = Attribute::Float(pd.Float(12, -233.f));
  a["offset"] = Attribute::Float(pd.Float(13, 0.f));
  if (pd.Int(14, 0) || pd.Int(15, 0)) return Unimplemented("mmdetection-style steps (14, 15) are not supported");
  ctx.AddOp("ncnn_prior_box", {{"Input", {ins[0]}}, {"Image", {ins[1]}}}, {{"Out", {L.tops[0]}}}, a);
  ctx.SetTop(L, 0, L.tops[0], 2);
  return Status::OK();
}

Status ConvertDetectionOutput(NcnnContext& ctx, const NcnnLayer& L) {
  const NcnnParamDict& pd = L.pd;
  const std::vector<std::string> ins = ctx.BottomVars(L);
  if (ins.size() != 3) return InvalidArgument("expects location, confidence and prior box inputs");
  std::map<std::string, Attribute> a;
  a["num_class"] = Attribute::Int(pd.Int(0, 0));
  a["nms_threshold"] = Attribute::Float(pd.Float(1, 0.05f));
  a["nms_top_k"] = Attribute::Int(pd.Int(2, 300));
  a["keep_top_k"] = Attribute::Int(pd.Int(3, 100));
  a["confidence_threshold"] = Attribute::Float(pd.Float(4, 0.5f));
  ctx.AddOp("ncnn_detection_output", {{"Loc", {ins[0]}}, {"Conf", {ins[1]}}, {"PriorBox", {ins[2]}}},
            {{"Out", {L.tops[0]}}}, a);
  ctx.SetTop(L, 0, L.tops[0], 2);
  return Status::OK();
}

// YoloDetectionOutput (v2) and Yolov3DetectionOutput share the parameters; v3 adds the mask and the
// anchors' scales.
Status YoloDetectionOutput(NcnnContext& ctx, const NcnnLayer& L, bool v3) {
  const NcnnParamDict& pd = L.pd;
  std::map<std::string, Attribute> a;
  a["version"] = Attribute::Int(v3 ? 3 : 2);
  a["num_class"] = Attribute::Int(pd.Int(0, 20));
  a["num_box"] = Attribute::Int(pd.Int(1, 5));
  a["confidence_threshold"] = Attribute::Float(pd.Float(2, 0.01f));
  a["nms_threshold"] = Attribute::Float(pd.Float(3, 0.45f));
  a["biases"] = Attribute::Floats(Doubles(pd.Floats(4)));
  if (v3) {
    a["mask"] = Attribute::Floats(Doubles(pd.Floats(5)));
    a["anchors_scale"] = Attribute::Floats(Doubles(pd.Floats(6)));
  }
  ctx.AddOp("ncnn_yolo_detection_output", {{"X", ctx.BottomVars(L)}}, {{"Out", {L.tops[0]}}}, a);
  ctx.SetTop(L, 0, L.tops[0], 2);
  return Status::OK();
}

Status ConvertYoloDetectionOutput(NcnnContext& ctx, const NcnnLayer& L) { return YoloDetectionOutput(ctx, L, false); }
Status ConvertYolov3DetectionOutput(NcnnContext& ctx, const NcnnLayer& L) { return YoloDetectionOutput(ctx, L, true); }

}  // namespace

const std::vector<NcnnConverter>& NcnnDetectionConverters() {
  static const std::vector<NcnnConverter> rows = {
      {"PriorBox", EMBER_KEPT_CONVERTER("ncnn", "PriorBox", ConvertPriorBox)},
      {"DetectionOutput", EMBER_KEPT_CONVERTER("ncnn", "DetectionOutput", ConvertDetectionOutput)},
      {"YoloDetectionOutput", EMBER_KEPT_CONVERTER("ncnn", "YoloDetectionOutput", ConvertYoloDetectionOutput)},
      {"Yolov3DetectionOutput", EMBER_KEPT_CONVERTER("ncnn", "Yolov3DetectionOutput", ConvertYolov3DetectionOutput)},
  };
  return rows;
}

}  // namespace ember
