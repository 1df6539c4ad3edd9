#include "operators/conv_transpose_op.h"

#include <algorithm>

#include "framework/op_registry.h"

namespace ember {

Status ConvTransposeParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  filter = b->Input("Filter");
  bias = b->OptionalInput("Bias");
  output = b->Output("Output");
  AttrReader& a = b->attrs();
  strides = a.Ints("strides", {1, 1});
  paddings = a.Ints("paddings", {0, 0});
  dilations = a.Ints("dilations", {1, 1});
  output_padding = a.Ints("output_padding", {});
  output_size = a.Ints("output_size", {});
  groups = a.Int("groups", 1);
  padding_algorithm = a.String("padding_algorithm", "EXPLICIT");
  data_format = a.String("data_format", "NCHW");
  return ParseFusedActivation(b->op(), &act);
}

Status ConvTransposeOp::InferShape() {
  ConvTransposeParam& p = param_;
  EMBER_CHECK_DTYPE(p.input, DataType::kFloat32, "input Input");
  EMBER_CHECK_DTYPE(p.filter, DataType::kFloat32, "input Filter");
  EMBER_RETURN_IF_ERROR(CheckConvAttrs(p.strides, p.paddings, p.dilations, p.data_format));
  const DDim& x = p.input->dims();
  const DDim& w = p.filter->dims();
  EMBER_CHECK(x.size() == 4, "input Input must be 4-D NCHW, got ", x.ToString());
  EMBER_CHECK(w.size() == 4, "input Filter must be 4-D [Cin, Cout/groups, kh, kw], got ", w.ToString());
  EMBER_CHECK(p.groups >= 1, "attribute groups must be positive, got ", p.groups);
  EMBER_CHECK(w[0] == x[1], "Filter ", w.ToString(), " expects ", w[0], " input channels, but Input ",
              x.ToString(), " has ", x[1]);
  EMBER_CHECK(x[1] % p.groups == 0, "input channels ", x[1], " are not divisible by attribute groups = ",
              p.groups);
  EMBER_CHECK(w[1] > 0 && w[2] > 0 && w[3] > 0, "Filter dims must be positive, got ", w.ToString());
  EMBER_CHECK(p.output_size.empty() || p.output_size.size() == 2,
              "attribute output_size must be empty or have 2 values, got ", DDim(p.output_size).ToString());
  EMBER_CHECK(p.output_padding.empty() || p.output_padding.size() == 2,
              "attribute output_padding must be empty or have 2 values, got ",
              DDim(p.output_padding).ToString());
  const int64_t out_c = w[1] * p.groups;
  if (p.bias) {
    EMBER_CHECK_DTYPE(p.bias, DataType::kFloat32, "input Bias");
    EMBER_CHECK(p.bias->numel() == out_c, "input Bias must have ", out_c, " values (output channels), got ",
                p.bias->dims().ToString());
  }

  ConvGeometry& g = p.geo;
  g.batch = x[0];
  g.in_c = x[1];
  g.in_h = x[2];
  g.in_w = x[3];
  g.out_c = out_c;
  g.groups = p.groups;
  g.kernel_h = w[2];
  g.kernel_w = w[3];
  g.stride_h = p.strides[0];
  g.stride_w = p.strides[1];
  int64_t in[2] = {g.in_h, g.in_w}, kernel[2] = {g.kernel_h, g.kernel_w};
  int64_t dil[2] = {p.dilations[0], p.dilations[1]}, pads[4];
  EMBER_RETURN_IF_ERROR(ResolvePadding(p.paddings, p.padding_algorithm, in, p.strides.data(), kernel, pads, dil));
  g.dilation_h = dil[0];
  g.dilation_w = dil[1];
  g.pad_top = pads[0];
  g.pad_bottom = pads[1];
  g.pad_left = pads[2];
  g.pad_right = pads[3];
  int64_t out[2];
  for (int i = 0; i < 2; ++i) {
    const int64_t extent = dil[i] * (kernel[i] - 1) + 1;
    const int64_t inferred = (in[i] - 1) * p.strides[i] - pads[2 * i] - pads[2 * i + 1] + extent;
    if (!p.output_size.empty()) {
      EMBER_CHECK(p.output_size[i] >= inferred && p.output_size[i] < inferred + p.strides[i],
                  "attribute output_size ", DDim(p.output_size).ToString(), " dim ", i, " must be in [",
                  inferred, ", ", inferred + p.strides[i], ") for Input ", x.ToString(), " and Filter ",
                  w.ToString());
      out[i] = p.output_size[i];
    } else if (!p.output_padding.empty()) {
      const int64_t limit = std::max(p.strides[i], dil[i]);
      EMBER_CHECK(p.output_padding[i] >= 0 && p.output_padding[i] < limit, "attribute output_padding ",
                  DDim(p.output_padding).ToString(), " dim ", i, " must be in [0, ", limit,
                  ") (less than stride or dilation)");
      out[i] = inferred + p.output_padding[i];
    } else {
      out[i] = inferred;
    }
    EMBER_CHECK(out[i] > 0, "output size would be <= 0: Input ", x.ToString(), ", Filter ", w.ToString(),
                ", paddings {", pads[0], ",", pads[1], ",", pads[2], ",", pads[3], "}");
  }
  g.out_h = out[0];
  g.out_w = out[1];
  p.output->Resize(DDim({g.batch, g.out_c, g.out_h, g.out_w}));
  p.output->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(conv2d_transpose, ConvTransposeOp)
REGISTER_OPERATOR_CPU(depthwise_conv2d_transpose, ConvTransposeOp)

}  // namespace ember
