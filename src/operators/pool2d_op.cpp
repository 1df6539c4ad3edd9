#include "operators/pool2d_op.h"

#include <algorithm>

#include "framework/op_registry.h"
#include "operators/conv_op.h"
#include "operators/packed_layout.h"

namespace ember {

Status Pool2dParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  mask = b->OptionalOutput("Mask");
  AttrReader& a = b->attrs();
  pooling_type = a.String("pooling_type", "max");
  ksize = a.Ints("ksize", {});
  strides = a.Ints("strides", {1, 1});
  paddings = a.Ints("paddings", {0, 0});
  dilations = a.Ints("dilations", {1, 1});
  global_pooling = a.Bool("global_pooling", false);
  ceil_mode = a.Bool("ceil_mode", false);
  last_window_in_input = a.Bool("last_window_in_input", false);
  norm_p = a.Float("norm_p", 2.f);
  exclusive = a.Bool("exclusive", true);
  adaptive = a.Bool("adaptive", false);
  padding_algorithm = a.String("padding_algorithm", "EXPLICIT");
  data_format = a.String("data_format", "NCHW");
  block = PackedBlockOf(data_format);
  return Status::OK();
}

namespace {
// Global pooling of a packed-channel tensor: one output per block and lane.
Status InferGlobalPacked(Pool2dParam& p) {
  const bool global = p.global_pooling || (p.adaptive && p.ksize == std::vector<int64_t>{1, 1});
  EMBER_CHECK(global && !p.mask, "data_format ", p.data_format, " is supported for global pooling without Mask only");
  const DDim& x = p.x->dims();
  EMBER_CHECK(x.size() == 5 && x[4] == p.block, "input X must be 5-D ", PackedShapeName(p.block), ", got ",
              x.ToString());
  p.geo = PoolGeometry{};
  p.geo.batch = x[0], p.geo.channels = x[1], p.geo.in_h = x[2], p.geo.in_w = x[3];
  p.geo.out_h = p.geo.out_w = 1;
  p.geo.is_max = p.pooling_type == "max";
  p.out->Resize(DDim({x[0], x[1], 1, 1, p.block}));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}
}  // namespace

Status Pool2dOp::InferShape() {
  Pool2dParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  if (p.pooling_type != "max" && p.pooling_type != "avg" && p.pooling_type != "lp")
    return Unimplemented("attribute pooling_type must be max, avg or lp, got '", p.pooling_type, "'");
  EMBER_CHECK(p.pooling_type != "lp" || (p.norm_p > 0 && !p.adaptive && !p.block && !p.mask),
              "lp pooling needs norm_p > 0 and fixed NCHW windows without Mask, got norm_p ", p.norm_p);
  if (p.block) return InferGlobalPacked(p);
  EMBER_RETURN_IF_ERROR(CheckConvAttrs(p.strides, p.paddings, p.dilations, p.data_format));
  const bool dilated = p.dilations[0] != 1 || p.dilations[1] != 1;
  if (dilated && (p.adaptive || p.global_pooling))
    return Unimplemented("attribute dilations ", DDim(p.dilations).ToString(),
                         " is supported for pooling over fixed windows only");
  if (p.mask && (p.pooling_type != "max" || p.adaptive))
    return Unimplemented("output Mask needs max pooling over fixed windows");
  const DDim& x = p.x->dims();
  EMBER_CHECK(x.size() == 4, "input X must be 4-D NCHW, got ", x.ToString());
  PoolGeometry& g = p.geo;
  g.batch = x[0];
  g.channels = x[1];
  g.in_h = x[2];
  g.in_w = x[3];
  int64_t kernel[2];
  if (p.global_pooling) {
    kernel[0] = g.in_h;
    kernel[1] = g.in_w;
  } else {
    EMBER_CHECK(p.ksize.size() == 2 && p.ksize[0] > 0 && p.ksize[1] > 0 && p.ksize[0] <= kMaxConvWindow &&
                    p.ksize[1] <= kMaxConvWindow,
                "attribute ksize must be two positive values of at most ", kMaxConvWindow, ", got ",
                DDim(p.ksize).ToString());
    kernel[0] = p.ksize[0];
    kernel[1] = p.ksize[1];
  }
  int64_t in[2] = {g.in_h, g.in_w}, pads[4];
  // SAME padding covers the dilated window.
  const int64_t ksize_attr[2] = {(p.ksize.size() == 2 ? p.ksize[0] - 1 : kernel[0] - 1) * p.dilations[0] + 1,
                                 (p.ksize.size() == 2 ? p.ksize[1] - 1 : kernel[1] - 1) * p.dilations[1] + 1};
  EMBER_RETURN_IF_ERROR(
      ResolvePadding(p.paddings, p.padding_algorithm, in, p.strides.data(), ksize_attr, pads, nullptr));
  // Global and adaptive pooling ignore paddings.
  if (p.global_pooling || p.adaptive) std::fill(pads, pads + 4, 0);
  g.kernel_h = kernel[0];
  g.kernel_w = kernel[1];
  g.stride_h = p.strides[0];
  g.stride_w = p.strides[1];
  g.pad_top = pads[0];
  g.pad_left = pads[2];
  g.dilation_h = p.dilations[0];
  g.dilation_w = p.dilations[1];
  g.is_max = p.pooling_type == "max";
  g.lp = p.pooling_type == "lp" ? p.norm_p : 0.f;
  g.exclusive = p.exclusive;
  g.adaptive = p.adaptive;
  int64_t out[2];
  for (int i = 0; i < 2; ++i) {
    if (p.adaptive) {
      // ksize is the output size (the input size under global_pooling, as in Paddle).
      out[i] = kernel[i];
    } else {
      const int64_t extent = (kernel[i] - 1) * p.dilations[static_cast<size_t>(i)] + 1;
      out[i] = PooledSize(in[i], extent, pads[2 * i], pads[2 * i + 1], p.strides[i], p.ceil_mode,
                          p.last_window_in_input);
    }
    EMBER_CHECK(out[i] > 0, "output size would be <= 0: X ", x.ToString(), ", ksize {", kernel[0], ",",
                kernel[1], "}, paddings {", pads[0], ",", pads[1], ",", pads[2], ",", pads[3], "}, strides ",
                DDim(p.strides).ToString());
  }
  g.out_h = out[0];
  g.out_w = out[1];
  p.out->Resize(DDim({g.batch, g.channels, g.out_h, g.out_w}));
  p.out->set_dtype(DataType::kFloat32);
  if (p.mask) {
    p.mask->Resize(DDim({g.batch, g.channels, g.out_h, g.out_w}));
    p.mask->set_dtype(DataType::kInt32);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(pool2d, Pool2dOp)

}  // namespace ember
