#include "operators/pool3d_op.h"

#include <algorithm>

#include "framework/op_registry.h"

namespace ember {

Status Pool3dParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  AttrReader& a = b->attrs();
  pooling_type = a.String("pooling_type", "max");
  ksize = a.Ints("ksize", {});
  strides = a.Ints("strides", {1, 1, 1});
  paddings = a.Ints("paddings", {0, 0, 0});
  dilations = a.Ints("dilations", {1, 1, 1});
  global_pooling = a.Bool("global_pooling", false);
  ceil_mode = a.Bool("ceil_mode", false);
  last_window_in_input = a.Bool("last_window_in_input", false);
  norm_p = a.Float("norm_p", 2.f);
  exclusive = a.Bool("exclusive", true);
  adaptive = a.Bool("adaptive", false);
  padding_algorithm = a.String("padding_algorithm", "EXPLICIT");
  data_format = a.String("data_format", "NCDHW");
  return Status::OK();
}

Status Pool3dOp::InferShape() {
  Pool3dParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  if (p.pooling_type != "max" && p.pooling_type != "avg" && p.pooling_type != "lp")
    return Unimplemented("attribute pooling_type must be max, avg or lp, got '", p.pooling_type, "'");
  EMBER_CHECK(p.pooling_type != "lp" || (p.norm_p > 0 && !p.adaptive), "lp pooling needs norm_p > 0 and fixed "
              "windows, got norm_p ", p.norm_p);
  EMBER_RETURN_IF_ERROR(CheckConv3dAttrs(p.strides, p.paddings, p.dilations, p.data_format));
  const bool dilated = std::any_of(p.dilations.begin(), p.dilations.end(), [](int64_t d) { return d != 1; });
  if (dilated && (p.adaptive || p.global_pooling))
    return Unimplemented("attribute dilations ", DDim(p.dilations).ToString(),
                         " is supported for pooling over fixed windows only");
  const DDim& x = p.x->dims();
  EMBER_CHECK(x.size() == 5, "input X must be 5-D NCDHW, got ", x.ToString());
  Pool3dGeometry& g = p.geo;
  Conv3dGeometry& w = g.win;
  w.batch = x[0];
  w.in_c = w.out_c = x[1];
  for (int i = 0; i < 3; ++i) w.in[i] = x[2 + i];
  if (p.global_pooling) {
    for (int i = 0; i < 3; ++i) w.kernel[i] = w.in[i];
  } else {
    EMBER_CHECK(p.ksize.size() == 3 && std::all_of(p.ksize.begin(), p.ksize.end(), [](int64_t k) { return k > 0; }),
                "attribute ksize must be three positive values, got ", DDim(p.ksize).ToString());
    for (int i = 0; i < 3; ++i) w.kernel[i] = p.ksize[static_cast<size_t>(i)];
  }
  for (int i = 0; i < 3; ++i) {
    w.stride[i] = p.strides[static_cast<size_t>(i)];
    w.dilation[i] = p.dilations[static_cast<size_t>(i)];
  }
  int64_t pads[6];
  int64_t extent[3];
  for (int i = 0; i < 3; ++i) extent[i] = (w.kernel[i] - 1) * w.dilation[i] + 1;
  EMBER_RETURN_IF_ERROR(ResolvePadding3d(p.paddings, p.padding_algorithm, w.in, w.stride, extent, pads, nullptr));
  if (p.global_pooling || p.adaptive) std::fill(pads, pads + 6, 0);
  g.is_max = p.pooling_type == "max";
  g.lp = p.pooling_type == "lp" ? p.norm_p : 0.f;
  g.exclusive = p.exclusive;
  g.adaptive = p.adaptive;
  for (int i = 0; i < 3; ++i) {
    w.pad[i] = pads[2 * i];
    w.pad_end[i] = pads[2 * i + 1];
    if (p.adaptive) {
      w.out[i] = w.kernel[i];  // ksize is the output size
    } else {
      w.out[i] = PooledSize(w.in[i], extent[i], w.pad[i], w.pad_end[i], w.stride[i], p.ceil_mode,
                            p.last_window_in_input);
    }
    EMBER_CHECK(w.out[i] > 0, "output size would be <= 0: X ", x.ToString(), ", ksize ", DDim(p.ksize).ToString(),
                ", paddings ", DDim(std::vector<int64_t>(pads, pads + 6)).ToString(), ", strides ",
                DDim(p.strides).ToString());
  }
  p.out->Resize(DDim({w.batch, w.in_c, w.out[0], w.out[1], w.out[2]}));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(pool3d, Pool3dOp)

}  // namespace ember
