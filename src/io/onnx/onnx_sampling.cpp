// ONNX converters for sampling by a grid of positions: GridSample onto grid_sampler, AffineGrid onto
// affine_grid.
#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"

namespace ember {

namespace {

// GridSample-16 names the modes bilinear / bicubic, GridSample-20 linear / cubic; Ember's are Paddle's.
Status ConvertGridSample(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  std::string mode = a.String("mode", c.opset() >= 20 ? "linear" : "bilinear");
  if (mode == "linear") mode = "bilinear";
  if (mode == "cubic") mode = "bicubic";
  if (mode != "bilinear" && mode != "nearest" && mode != "bicubic") return a.Unsupported("mode", Quote(mode));
  const std::string padding = a.String("padding_mode", "zeros");
  if (padding != "zeros" && padding != "border" && padding != "reflection")
    return a.Unsupported("padding_mode", Quote(padding));
  c.SetType(c.Out(0), DataType::kFloat32);
  c.AddOp("grid_sampler", {{"X", {c.In(0)}}, {"Grid", {c.In(1)}}}, {{"Output", {c.Out(0)}}},
          {{"mode", Attribute::String(mode)}, {"padding_mode", Attribute::String(padding)},
           {"align_corners", Attribute::Bool(a.Int("align_corners", 0) != 0)}});
  return Status::OK();
}

Status ConvertAffineGrid(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  c.SetType(c.Out(0), DataType::kFloat32);
  c.AddOp("affine_grid", {{"Theta", {c.In(0)}}, {"OutputShape", {c.In(1)}}}, {{"Output", {c.Out(0)}}},
          {{"align_corners", Attribute::Bool(c.attrs().Int("align_corners", 0) != 0)}});
  return Status::OK();
}

}  // namespace

const std::vector<OnnxConverter>& OnnxSamplingConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"GridSample", 16, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "GridSample", ConvertGridSample)},
      {"AffineGrid", 20, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "AffineGrid", ConvertAffineGrid)},
  };
  return rows;
}

}  // namespace ember
