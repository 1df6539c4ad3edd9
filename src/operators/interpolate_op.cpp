#include "operators/interpolate_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status InterpolateParam::Bind(ParamBinder* b) {
  const std::string& type = b->op().type;
  x = b->Input("X");
  out_size = b->OptionalInput("OutSize");
  if (b->op().HasInput("SizeTensor")) size_tensors = b->Inputs("SizeTensor");
  scale_tensor = b->OptionalInput("Scale");
  out = b->Output("Out");
  v2 = type.size() > 3 && type.compare(type.size() - 3, 3, "_v2") == 0;
  AttrReader& a = b->attrs();
  std::string m = a.String("interp_method", type.rfind("bilinear", 0) == 0 ? "bilinear" : "nearest");
  if (m == "nearest") method = InterpMethod::kNearest;
  else if (m == "bilinear") method = InterpMethod::kBilinear;
  else return Unimplemented("attribute interp_method '", m, "' is not supported (nearest, bilinear)");
  align_corners = a.Bool("align_corners", true);
  align_mode = static_cast<int>(a.Int("align_mode", 1));
  if (align_mode != 0 && align_mode != 1) return InvalidArgument("attribute align_mode must be 0 or 1, got ", align_mode);
  std::string layout = a.String("data_layout", "NCHW");
  if (layout != "NCHW" && layout != "AnyLayout")
    return Unimplemented("attribute data_layout '", layout, "' is not supported (NCHW only)");
  out_h_attr = a.Int("out_h", 0);
  out_w_attr = a.Int("out_w", 0);
  scale_attr = a.Floats("scale", {});
  return Status::OK();
}

namespace {

// Scale values from the Scale input: one value for both dims, or [scale_h, scale_w].
Status ReadScaleTensor(const Tensor* t, std::vector<float>* out) {
  EMBER_CHECK_DTYPE(t, DataType::kFloat32, "input Scale");
  EMBER_CHECK(t->numel() >= 1 && t->raw_data(), "input Scale holds no values");
  out->assign(t->data<float>(), t->data<float>() + t->numel());
  return Status::OK();
}

}  // namespace

Status InterpolateOp::InferShape() {
  InterpolateParam& p = param_;
  const DDim& in = p.x->dims();
  EMBER_CHECK(in.size() == 4, "X must be 4-D [N, C, H, W], got ", in.ToString());
  if (p.method == InterpMethod::kBilinear) EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  const int64_t in_h = in[2], in_w = in[3];
  int64_t out_h = p.out_h_attr, out_w = p.out_w_attr;
  float scale_h = -1.f, scale_w = -1.f;  // the v2 scale that also sets the ratio
  if (!p.size_tensors.empty()) {
    std::vector<int64_t> v;
    EMBER_RETURN_IF_ERROR(ReadIntTensorList(p.size_tensors, "input SizeTensor", &v));
    EMBER_CHECK(v.size() == 2, "input SizeTensor must hold 2 tensors (out_h, out_w), got ", v.size());
    out_h = v[0];
    out_w = v[1];
  } else {
    std::vector<float> scale;
    const char* scale_from = p.scale_tensor ? "input Scale" : "attribute scale";
    if (p.scale_tensor) EMBER_RETURN_IF_ERROR(ReadScaleTensor(p.scale_tensor, &scale));
    else scale = p.scale_attr;
    if (p.v2) {
      if (!scale.empty()) {
        float sh = scale[0], sw = scale.size() > 1 ? scale[1] : scale[0];
        EMBER_CHECK(sh > 0 && sw > 0, scale_from, " must be > 0, got ", sh, ", ", sw);
        scale_h = sh;
        scale_w = sw;
        out_h = static_cast<int>(static_cast<float>(in_h) * sh);
        out_w = static_cast<int>(static_cast<float>(in_w) * sw);
      }
    } else if (!scale.empty() && scale[0] > 0) {  // v1 ignores a scale <= 0
      out_h = static_cast<int>(static_cast<float>(in_h) * scale[0]);
      out_w = static_cast<int>(static_cast<float>(in_w) * scale[0]);
    }
    if (p.out_size) {
      std::vector<int64_t> v;
      EMBER_RETURN_IF_ERROR(ReadIntTensor(p.out_size, "input OutSize", &v));
      EMBER_CHECK(v.size() == 2, "input OutSize must hold 2 values (out_h, out_w), got ", v.size());
      out_h = v[0];
      out_w = v[1];
    }
  }
  EMBER_CHECK(out_h > 0 && out_w > 0, "output size out_h ", out_h, ", out_w ", out_w,
              " must be > 0 (set out_h/out_w, scale, OutSize or SizeTensor)");
  p.ratio_h = 0.f;
  p.ratio_w = 0.f;
  if (out_h > 1)
    p.ratio_h = p.align_corners ? static_cast<float>(in_h - 1) / static_cast<float>(out_h - 1)
                : scale_h > 0 ? static_cast<float>(1. / scale_h)
                              : static_cast<float>(in_h) / static_cast<float>(out_h);
  if (out_w > 1)
    p.ratio_w = p.align_corners ? static_cast<float>(in_w - 1) / static_cast<float>(out_w - 1)
                : scale_w > 0 ? static_cast<float>(1. / scale_w)
                              : static_cast<float>(in_w) / static_cast<float>(out_w);
  p.out->Resize({in[0], in[1], out_h, out_w});
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(nearest_interp, InterpolateOp)
REGISTER_OPERATOR_CPU(bilinear_interp, InterpolateOp)
REGISTER_OPERATOR_CPU(nearest_interp_v2, InterpolateOp)
REGISTER_OPERATOR_CPU(bilinear_interp_v2, InterpolateOp)

}  // namespace ember
