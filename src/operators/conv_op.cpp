#include "operators/conv_op.h"

#include <algorithm>

#include "framework/op_registry.h"
#include "operators/packed_layout.h"

namespace ember {

Status CheckConvAttrs(const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                      const std::vector<int64_t>& dilations, const std::string& data_format) {
  if (data_format == "NHWC")
    return Unimplemented("attribute data_format = NHWC is not supported (only NCHW)");
  EMBER_CHECK(data_format == "NCHW" || data_format == "AnyLayout",
              "attribute data_format must be NCHW or AnyLayout, got '", data_format, "'");
  EMBER_CHECK(strides.size() == 2 && strides[0] > 0 && strides[1] > 0,
              "attribute strides must be two positive values, got ", DDim(strides).ToString());
  EMBER_CHECK(dilations.size() == 2 && dilations[0] > 0 && dilations[1] > 0,
              "attribute dilations must be two positive values, got ", DDim(dilations).ToString());
  EMBER_CHECK(paddings.size() == 2 || paddings.size() == 4,
              "attribute paddings must have 2 or 4 values, got ", DDim(paddings).ToString());
  for (int64_t p : paddings)
    EMBER_CHECK(p >= 0, "attribute paddings must be non-negative, got ", DDim(paddings).ToString());
  // No network comes near these; a crafted value would overflow the geometry's products (found by fuzz_slim).
  for (const auto* v : {&strides, &dilations, &paddings})
    for (int64_t x : *v)
      EMBER_CHECK(x <= kMaxConvWindow, "attributes strides, dilations and paddings must be at most ", kMaxConvWindow,
                  ", got strides ", DDim(strides).ToString(), ", dilations ", DDim(dilations).ToString(),
                  ", paddings ", DDim(paddings).ToString());
  return Status::OK();
}

Status ResolvePadding(const std::vector<int64_t>& paddings_attr, const std::string& padding_algorithm,
                      const int64_t in[2], const int64_t stride[2], const int64_t kernel[2],
                      int64_t pads[4], int64_t* dilations) {
  if (paddings_attr.size() == 2) {
    pads[0] = pads[1] = paddings_attr[0];
    pads[2] = pads[3] = paddings_attr[1];
  } else if (paddings_attr.size() == 4) {
    std::copy(paddings_attr.begin(), paddings_attr.end(), pads);
  } else {
    return InvalidArgument("attribute paddings must have 2 or 4 values, got ", DDim(paddings_attr).ToString());
  }
  if (padding_algorithm == "EXPLICIT") return Status::OK();
  if (padding_algorithm == "VALID") {
    std::fill(pads, pads + 4, 0);
    return Status::OK();
  }
  if (padding_algorithm == "SAME") {
    // Output = ceil(in / stride); the padding needed is split with the extra row/column at the end.
    for (int i = 0; i < 2; ++i) {
      int64_t out = (in[i] + stride[i] - 1) / stride[i];
      int64_t pad_sum = std::max<int64_t>((out - 1) * stride[i] + kernel[i] - in[i], 0);
      pads[2 * i] = pad_sum / 2;
      pads[2 * i + 1] = pad_sum - pad_sum / 2;
      if (dilations) dilations[i] = 1;
    }
    return Status::OK();
  }
  return InvalidArgument("attribute padding_algorithm must be EXPLICIT, SAME or VALID, got '",
                         padding_algorithm, "'");
}

Status ResolveConvGeometry(const DDim& x, const DDim& w, const std::vector<int64_t>& strides,
                           const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations,
                           int64_t groups, const std::string& padding_algorithm, ConvGeometry* geo) {
  ConvGeometry& g = *geo;
  g.batch = x[0], g.in_c = x[1], g.in_h = x[2], g.in_w = x[3];
  g.out_c = w[0], g.groups = groups, g.kernel_h = w[2], g.kernel_w = w[3];
  g.stride_h = strides[0], g.stride_w = strides[1];
  int64_t in[2] = {g.in_h, g.in_w}, kernel[2] = {g.kernel_h, g.kernel_w};
  int64_t dil[2] = {dilations[0], dilations[1]}, pads[4];
  EMBER_RETURN_IF_ERROR(ResolvePadding(paddings, padding_algorithm, in, strides.data(), kernel, pads, dil));
  g.dilation_h = dil[0], g.dilation_w = dil[1];
  g.pad_top = pads[0], g.pad_bottom = pads[1], g.pad_left = pads[2], g.pad_right = pads[3];
  const int64_t extent_h = g.dilation_h * (g.kernel_h - 1) + 1, extent_w = g.dilation_w * (g.kernel_w - 1) + 1;
  const int64_t span_h = g.in_h + g.pad_top + g.pad_bottom - extent_h;
  const int64_t span_w = g.in_w + g.pad_left + g.pad_right - extent_w;
  EMBER_CHECK(span_h >= 0 && span_w >= 0, "output size would be <= 0: Input ", x.ToString(), ", Filter ",
              w.ToString(), ", paddings {", g.pad_top, ",", g.pad_bottom, ",", g.pad_left, ",", g.pad_right,
              "}, dilations {", g.dilation_h, ",", g.dilation_w, "}");
  g.out_h = span_h / g.stride_h + 1;
  g.out_w = span_w / g.stride_w + 1;
  return Status::OK();
}

void ReadConvWindow(AttrReader& a, std::vector<int64_t>* strides, std::vector<int64_t>* paddings,
                    std::vector<int64_t>* dilations, int64_t* groups, std::string* padding_algorithm) {
  *strides = a.Ints("strides", {1, 1});
  *paddings = a.Ints("paddings", {0, 0});
  *dilations = a.Ints("dilations", {1, 1});
  *groups = a.Int("groups", 1);
  *padding_algorithm = a.String("padding_algorithm", "EXPLICIT");
}

std::string PackedFilterKey(ParamBinder* b, const std::string& prefix) {
  const auto& names = b->op().Input("Filter");
  if (names.size() != 1 || !b->weights_scope()->FindLocalVar(names[0]) || b->op().Output("Output").empty())
    return "";
  return prefix + names[0] + ">" + b->op().Output("Output")[0];
}

Status CheckConvShapes(const DDim& x, const DDim& w, int64_t groups) {
  EMBER_CHECK(x.size() == 4, "input Input must be 4-D NCHW, got ", x.ToString());
  EMBER_CHECK(w.size() == 4, "input Filter must be 4-D [Cout, Cin/groups, kh, kw], got ", w.ToString());
  EMBER_CHECK(groups >= 1 && x[1] % groups == 0 && w[0] % groups == 0 && w[1] * groups == x[1], "Input ",
              x.ToString(), " and Filter ", w.ToString(), " do not fit groups = ", groups);
  EMBER_CHECK(w[2] > 0 && w[3] > 0 && w[2] <= kMaxConvWindow && w[3] <= kMaxConvWindow,
              "Filter kernel size must be positive and at most ", kMaxConvWindow, ", got ", w.ToString());
  return Status::OK();
}

Status CheckConvBias(const Tensor* bias, int64_t cout) {
  if (!bias) return Status::OK();
  EMBER_CHECK_DTYPE(bias, DataType::kFloat32, "input Bias");
  EMBER_CHECK(bias->numel() == cout, "input Bias must have ", cout, " values (output channels), got ",
              bias->dims().ToString());
  return Status::OK();
}

Status ConvParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  filter = b->Input("Filter");
  bias = b->OptionalInput("Bias");
  output = b->Output("Output");
  // A filter that is a model weight is packed once and shared by every predictor of the model.
  weights_scope = b->weights_scope();
  cache_key = PackedFilterKey(b, "conv_filter:");
  if (!cache_key.empty()) filter_name = b->op().Input("Filter")[0];
  AttrReader& a = b->attrs();
  ReadConvWindow(a, &strides, &paddings, &dilations, &groups, &padding_algorithm);
  data_format = a.String("data_format", "NCHW");
  block = PackedBlockOf(data_format);
  fuse_relu_before_depthwise_conv = a.Bool("fuse_relu_before_depthwise_conv", false);
  return ParseFusedActivation(b->op(), &act);
}

Status ConvOp::InferShape() {
  ConvParam& p = param_;
  EMBER_CHECK_DTYPE(p.input, DataType::kFloat32, "input Input");
  EMBER_CHECK_DTYPE(p.filter, DataType::kFloat32, "input Filter");
  if (p.fuse_relu_before_depthwise_conv)
    return Unimplemented("attribute fuse_relu_before_depthwise_conv = true is not supported");
  EMBER_RETURN_IF_ERROR(CheckConvAttrs(p.strides, p.paddings, p.dilations, p.block ? "NCHW" : p.data_format));
  const DDim& w = p.filter->dims();
  EMBER_CHECK(w.size() == 4, "input Filter must be 4-D [Cout, Cin/groups, kh, kw], got ", w.ToString());
  DDim x = p.input->dims();
  if (p.block) {  // the real channel count comes from the filter; the blocks must match it
    const DDim& xp = p.input->dims();
    const int64_t b = p.block;
    EMBER_CHECK(xp.size() == 5 && xp[4] == b, "input Input must be 5-D ", PackedShapeName(b), ", got ",
                xp.ToString());
    const int64_t in_c = w[1] * p.groups;
    EMBER_CHECK(xp[1] == (in_c + b - 1) / b, "Filter ", w.ToString(), " with groups = ", p.groups, " expects ",
                in_c, " input channels (", (in_c + b - 1) / b, " blocks of ", b, "), but the ", p.data_format,
                " Input ", xp.ToString(), " has ", xp[1], " blocks");
    x = DDim({xp[0], in_c, xp[2], xp[3]});
  }
  EMBER_CHECK(x.size() == 4, "input Input must be 4-D NCHW, got ", x.ToString());
  EMBER_CHECK(p.groups >= 1, "attribute groups must be positive, got ", p.groups);
  EMBER_CHECK(x[1] % p.groups == 0, "input channels ", x[1], " are not divisible by attribute groups = ",
              p.groups);
  EMBER_CHECK(w[1] * p.groups == x[1], "Filter ", w.ToString(), " expects ", w[1], " x groups (", p.groups,
              ") input channels, but Input ", x.ToString(), " has ", x[1]);
  EMBER_CHECK(w[0] > 0 && w[0] % p.groups == 0, "filter output channels ", w[0],
              " are not divisible by attribute groups = ", p.groups);
  EMBER_CHECK(w[2] > 0 && w[3] > 0 && w[2] <= kMaxConvWindow && w[3] <= kMaxConvWindow,
              "Filter kernel size must be positive and at most ", kMaxConvWindow, ", got ", w.ToString());
  EMBER_RETURN_IF_ERROR(CheckConvBias(p.bias, w[0]));

  ConvGeometry& g = p.geo;
  EMBER_RETURN_IF_ERROR(ResolveConvGeometry(x, w, p.strides, p.paddings, p.dilations, p.groups,
                                            p.padding_algorithm, &g));
  if (p.block)
    p.output->Resize(DDim({g.batch, (g.out_c + p.block - 1) / p.block, g.out_h, g.out_w, p.block}));
  else
    p.output->Resize(DDim({g.batch, g.out_c, g.out_h, g.out_w}));
  p.output->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(conv2d, ConvOp)
REGISTER_OPERATOR_CPU(depthwise_conv2d, ConvOp)

}  // namespace ember
