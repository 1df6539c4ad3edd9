// ONNX converters for the selection and resampling ops of detection and segmentation heads: TopK, ArgMax /
// ArgMin, Resize / Upsample.
#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"
#include "io/onnx/tensor_proto.h"

namespace ember {

namespace {

Status ConvertTopK(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const std::string y = c.Out(0);
  std::map<std::string, Attribute> attrs = {{"axis", Attribute::Int(a.Int("axis", -1))},
                                            {"largest", Attribute::Bool(a.Int("largest", 1) != 0)},
                                            {"sorted", Attribute::Bool(a.Int("sorted", 1) != 0)}};
  if (a.Int("sorted", 1) == 0) return a.Unsupported("sorted", "0");
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  if (c.opset() < 10) {
    attrs["k"] = Attribute::Int(a.Int("k", 1));
  } else if (const Tensor* t = c.Const(c.In(1))) {
    std::vector<int64_t> k = ToInts(*t);
    if (k.size() != 1) return c.Fail("input K must hold one value");
    attrs["k"] = Attribute::Int(k[0]);
  } else {
    ins.push_back({"K", {c.In(1)}});
  }
  std::string values = y, indices = c.Out(1).empty() ? c.Temp(y) : c.Out(1);
  c.SameType();
  c.SetType(indices, DataType::kInt64);
  c.AddOp("top_k_v2", ins, {{"Out", {values}}, {"Indices", {indices}}}, attrs);
  return Status::OK();
}

// ArgMax and ArgMin.
Status ConvertArgMax(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const std::string x = c.In(0), y = c.Out(0);
  int64_t axis = a.Int("axis", 0);
  std::string src = x;
  if (c.op_type() == "ArgMin") {  // the first minimum is the first maximum of -x
    src = c.Temp(y);
    c.CopyType(x, src);
    c.AddOp("scale", {{"X", {x}}}, {{"Out", {src}}}, {{"scale", Attribute::Float(-1)}, {"bias", Attribute::Float(0)}});
  }
  std::map<std::string, Attribute> attrs = {{"axis", Attribute::Int(axis)},
                                            {"keepdims", Attribute::Bool(a.Int("keepdims", 1) != 0)},
                                            {"dtype", Attribute::Int(static_cast<int>(VarDataType::kInt64))}};
  c.SetType(y, DataType::kInt64);
  if (a.Int("select_last_index", 0) == 0) {
    c.AddOp("arg_max", {{"X", {src}}}, {{"Out", {y}}}, attrs);
    return Status::OK();
  }
  // The last maximum: (n - 1) - argmax(X reversed along axis); the reversal is a gather.
  const auto* xs = c.Shape(x);
  int r = c.Rank(x);
  int64_t ax = NormAxis(axis, r);
  if (r < 0 || ax < 0 || ax >= r || (*xs)[static_cast<size_t>(ax)] <= 0)
    return a.Unsupported("select_last_index", "1 (the size of the axis must be known at load)");
  const int64_t n = (*xs)[static_cast<size_t>(ax)];
  Tensor rev(DataType::kInt64, DDim({n}));
  for (int64_t i = 0; i < n; ++i) rev.mutable_data<int64_t>()[i] = n - 1 - i;
  std::string idx = c.Temp(y), flipped = c.Temp(y), am = c.Temp(y);
  EMBER_RETURN_IF_ERROR(c.AddWeight(idx, rev));
  c.AddOp("gather", {{"X", {src}}, {"Index", {idx}}}, {{"Out", {flipped}}}, {{"axis", Attribute::Int(ax)}});
  c.AddOp("arg_max", {{"X", {flipped}}}, {{"Out", {am}}}, attrs);
  c.AddOp("scale", {{"X", {am}}}, {{"Out", {y}}},
          {{"scale", Attribute::Float(-1)}, {"bias", Attribute::Float(static_cast<double>(n - 1))}});
  return Status::OK();
}

Status ConvertNonMaxSuppression(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OpDesc::Slots ins = {{"Boxes", {c.In(0)}}, {"Scores", {c.In(1)}}};
  const char* slots[] = {"MaxOutputBoxesPerClass", "IouThreshold", "ScoreThreshold"};
  for (int i = 2; i < 5; ++i)
    if (c.node().input_size() > i && !c.In(i).empty()) ins.push_back({slots[i - 2], {c.In(i)}});
  c.SetType(c.Out(0), DataType::kInt64);
  c.AddOp("non_max_suppression", ins, {{"Out", {c.Out(0)}}},
          {{"center_point_box", Attribute::Int(c.attrs().Int("center_point_box", 0))}});
  return Status::OK();
}

// --- Resize and Upsample
std::map<std::string, Attribute> ResizeMode(OnnxAttrs& a) {
  std::string mode = a.String("mode", "nearest");
  if (mode == "bilinear") mode = "linear";  // Upsample-7/9 spelling
  return {{"mode", Attribute::String(mode)}};
}

// Upsample and Resize-10: asymmetric coordinates, nearest rounds down.
void AsymmetricFloor(std::map<std::string, Attribute>* attrs) {
  (*attrs)["coordinate_transformation_mode"] = Attribute::String("asymmetric");
  (*attrs)["nearest_mode"] = Attribute::String("floor");
}

// Input `si` as the scales: an attribute when constant (an empty one means "use sizes"), else the Scales slot.
void ScalesInput(OnnxContext& c, int si, std::map<std::string, Attribute>* attrs, OpDesc::Slots* ins) {
  if (c.In(si).empty()) return;
  if (const Tensor* t = c.Const(c.In(si))) {
    if (t->numel() > 0) (*attrs)["scales"] = Attribute::Floats(ToDoubles(*t));
  } else {
    ins->push_back({"Scales", {c.In(si)}});
  }
}

// Upsample-1/8: scales is an attribute.
Status ConvertUpsampleAttr(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  std::map<std::string, Attribute> attrs = ResizeMode(a);
  AsymmetricFloor(&attrs);
  std::vector<double> sc = a.Floats("scales", {});
  attrs["scales"] = Attribute::Floats(sc);
  if (a.Has("width_scale") || a.Has("height_scale")) return c.Fail("attributes width_scale/height_scale are not supported");
  c.SameType();
  c.AddOp("resize", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}

// Upsample-9/10 and Resize-10: scales is input 1.
Status ConvertResizeScales(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  std::map<std::string, Attribute> attrs = ResizeMode(c.attrs());
  AsymmetricFloor(&attrs);
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  ScalesInput(c, 1, &attrs, &ins);
  c.SameType();
  c.AddOp("resize", ins, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}

// Resize-11 on: inputs roi, scales, sizes and the coordinate attributes.
Status ConvertResize(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  std::map<std::string, Attribute> attrs = ResizeMode(a);
  std::string ctm = a.String("coordinate_transformation_mode", "half_pixel");
  const bool crop = ctm == "tf_crop_and_resize";
  if (crop) {
    attrs["extrapolation_value"] = Attribute::Float(a.Float("extrapolation_value", 0.f));
    if (c.In(1).empty()) return c.Fail("tf_crop_and_resize needs input roi");
  }
  attrs["coordinate_transformation_mode"] = Attribute::String(ctm);
  attrs["nearest_mode"] = Attribute::String(a.String("nearest_mode", "round_prefer_floor"));
  attrs["cubic_coeff_a"] = Attribute::Float(a.Float("cubic_coeff_a", -0.75f));
  attrs["exclude_outside"] = Attribute::Bool(a.Int("exclude_outside", 0) != 0);
  a.Ignore({"extrapolation_value"});  // only read by tf_crop_and_resize
  attrs["antialias"] = Attribute::Bool(a.Int("antialias", 0) != 0);
  if (a.Has("axes")) attrs["axes"] = Attribute::Ints(a.Ints("axes", {}));
  attrs["keep_aspect_ratio_policy"] = Attribute::String(a.String("keep_aspect_ratio_policy", "stretch"));
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  ScalesInput(c, 2, &attrs, &ins);
  if (!c.In(3).empty()) {
    if (const Tensor* t = c.Const(c.In(3))) attrs["sizes"] = Attribute::Ints(ToInts(*t));
    else ins.push_back({"Sizes", {c.In(3)}});
  }
  if (!c.In(1).empty() && crop) {
    if (const Tensor* t = c.Const(c.In(1))) attrs["roi"] = Attribute::Floats(ToDoubles(*t));
    else ins.push_back({"Roi", {c.In(1)}});
  }
  c.SameType();
  c.AddOp("resize", ins, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}

}  // namespace

const std::vector<OnnxConverter>& OnnxDetectionConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"TopK", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "TopK", ConvertTopK)},
      {"NonMaxSuppression", 10, kOnnxMaxOpset,
       EMBER_KEPT_CONVERTER("onnx", "NonMaxSuppression", ConvertNonMaxSuppression)},
      {"ArgMax", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ArgMax", ConvertArgMax)},
      {"ArgMin", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ArgMin", ConvertArgMax)},
      {"Upsample", 1, 8, EMBER_KEPT_CONVERTER("onnx", "Upsample", ConvertUpsampleAttr)},
      {"Upsample", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Upsample", ConvertResizeScales)},
      {"Resize", 10, 10, EMBER_KEPT_CONVERTER("onnx", "Resize", ConvertResizeScales)},
      {"Resize", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Resize", ConvertResize)},
  };
  return rows;
}

}  // namespace ember
