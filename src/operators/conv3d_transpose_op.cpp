#include "operators/conv3d_transpose_op.h"

#include "framework/op_registry.h"

namespace ember {

Status Conv3dTransposeParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  filter = b->Input("Filter");
  bias = b->OptionalInput("Bias");
  output = b->Output("Output");
  AttrReader& a = b->attrs();
  strides = a.Ints("strides", {1, 1, 1});
  paddings = a.Ints("paddings", {0, 0, 0});
  dilations = a.Ints("dilations", {1, 1, 1});
  output_padding = a.Ints("output_padding", {});
  output_size = a.Ints("output_size", {});
  groups = a.Int("groups", 1);
  padding_algorithm = a.String("padding_algorithm", "EXPLICIT");
  data_format = a.String("data_format", "NCDHW");
  return Status::OK();
}

Status Conv3dTransposeOp::InferShape() {
  Conv3dTransposeParam& p = param_;
  EMBER_CHECK_DTYPE(p.input, DataType::kFloat32, "input Input");
  EMBER_CHECK_DTYPE(p.filter, DataType::kFloat32, "input Filter");
  EMBER_RETURN_IF_ERROR(CheckConv3dAttrs(p.strides, p.paddings, p.dilations, p.data_format));
  EMBER_CHECK(p.output_size.empty() || p.output_size.size() == 3,
              "attribute output_size must be empty or have 3 values, got ", DDim(p.output_size).ToString());
  EMBER_CHECK(p.output_padding.empty() || p.output_padding.size() == 3,
              "attribute output_padding must be empty or have 3 values, got ", DDim(p.output_padding).ToString());
  const DDim& x = p.input->dims();
  const DDim& w = p.filter->dims();
  EMBER_CHECK(x.size() == 5, "input Input must be 5-D NCDHW, got ", x.ToString());
  EMBER_CHECK(w.size() == 5, "input Filter must be 5-D [Cin, Cout/groups, kd, kh, kw], got ", w.ToString());
  EMBER_CHECK(p.groups >= 1 && x[1] % p.groups == 0, "input channels ", x[1],
              " are not divisible by attribute groups = ", p.groups);
  EMBER_CHECK(w[0] == x[1], "Filter ", w.ToString(), " expects ", w[0], " input channels, but Input ",
              x.ToString(), " has ", x[1]);
  EMBER_CHECK(w[1] > 0 && w[2] > 0 && w[3] > 0 && w[4] > 0, "Filter dims must be positive, got ", w.ToString());
  Conv3dGeometry& g = p.geo;
  g.batch = x[0];
  g.in_c = x[1];
  g.out_c = w[1] * p.groups;
  g.groups = p.groups;
  if (p.bias) {
    EMBER_CHECK_DTYPE(p.bias, DataType::kFloat32, "input Bias");
    EMBER_CHECK(p.bias->numel() == g.out_c, "input Bias must have ", g.out_c, " values (output channels), got ",
                p.bias->dims().ToString());
  }
  int64_t pads[6];
  for (int i = 0; i < 3; ++i) {
    g.in[i] = x[2 + i];
    g.kernel[i] = w[2 + i];
    g.stride[i] = p.strides[static_cast<size_t>(i)];
    g.dilation[i] = p.dilations[static_cast<size_t>(i)];
  }
  EMBER_RETURN_IF_ERROR(ResolvePadding3d(p.paddings, p.padding_algorithm, g.in, g.stride, g.kernel, pads, g.dilation));
  for (int i = 0; i < 3; ++i) {
    const size_t u = static_cast<size_t>(i);
    g.pad[i] = pads[2 * i];
    g.pad_end[i] = pads[2 * i + 1];
    const int64_t inferred = (g.in[i] - 1) * g.stride[i] - g.pad[i] - g.pad_end[i] + g.dilation[i] * (g.kernel[i] - 1) + 1;
    int64_t out = inferred;
    if (!p.output_size.empty()) {
      EMBER_CHECK(p.output_size[u] >= inferred && p.output_size[u] < inferred + g.stride[i], "attribute output_size ",
                  DDim(p.output_size).ToString(), " dim ", i, " must be in [", inferred, ", ", inferred + g.stride[i],
                  ")");
      out = p.output_size[u];
    } else if (!p.output_padding.empty()) {
      const int64_t limit = std::max(g.stride[i], g.dilation[i]);
      EMBER_CHECK(p.output_padding[u] >= 0 && p.output_padding[u] < limit, "attribute output_padding ",
                  DDim(p.output_padding).ToString(), " dim ", i, " must be in [0, ", limit, ")");
      out = inferred + p.output_padding[u];
    }
    EMBER_CHECK(out > 0, "output size would be <= 0: Input ", x.ToString(), ", Filter ", w.ToString(), ", paddings ",
                DDim(std::vector<int64_t>(pads, pads + 6)).ToString());
    g.out[i] = out;
  }
  p.output->Resize(DDim({g.batch, g.out_c, g.out[0], g.out[1], g.out[2]}));
  p.output->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(conv3d_transpose, Conv3dTransposeOp)

}  // namespace ember
