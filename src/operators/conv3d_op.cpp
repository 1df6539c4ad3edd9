#include "operators/conv3d_op.h"

#include "framework/op_registry.h"

namespace ember {

Status Conv3dParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  filter = b->Input("Filter");
  bias = b->OptionalInput("Bias");
  output = b->Output("Output");
  AttrReader& a = b->attrs();
  strides = a.Ints("strides", {1, 1, 1});
  paddings = a.Ints("paddings", {0, 0, 0});
  dilations = a.Ints("dilations", {1, 1, 1});
  groups = a.Int("groups", 1);
  padding_algorithm = a.String("padding_algorithm", "EXPLICIT");
  data_format = a.String("data_format", "NCDHW");
  return Status::OK();
}

Status Conv3dOp::InferShape() {
  Conv3dParam& p = param_;
  EMBER_CHECK_DTYPE(p.input, DataType::kFloat32, "input Input");
  EMBER_CHECK_DTYPE(p.filter, DataType::kFloat32, "input Filter");
  EMBER_RETURN_IF_ERROR(CheckConv3dAttrs(p.strides, p.paddings, p.dilations, p.data_format));
  const DDim& x = p.input->dims();
  const DDim& w = p.filter->dims();
  EMBER_CHECK(x.size() == 5, "input Input must be 5-D NCDHW, got ", x.ToString());
  EMBER_CHECK(w.size() == 5, "input Filter must be 5-D [Cout, Cin/groups, kd, kh, kw], got ", w.ToString());
  EMBER_CHECK(p.groups >= 1, "attribute groups must be positive, got ", p.groups);
  EMBER_CHECK(x[1] % p.groups == 0, "input channels ", x[1], " are not divisible by attribute groups = ", p.groups);
  EMBER_CHECK(w[1] * p.groups == x[1], "Filter ", w.ToString(), " expects ", w[1], " x groups (", p.groups,
              ") input channels, but Input ", x.ToString(), " has ", x[1]);
  EMBER_CHECK(w[0] > 0 && w[0] % p.groups == 0, "filter output channels ", w[0],
              " are not divisible by attribute groups = ", p.groups);
  EMBER_CHECK(w[2] > 0 && w[3] > 0 && w[4] > 0, "Filter kernel size must be positive, got ", w.ToString());
  if (p.bias) {
    EMBER_CHECK_DTYPE(p.bias, DataType::kFloat32, "input Bias");
    EMBER_CHECK(p.bias->numel() == w[0], "input Bias must have ", w[0], " values (output channels), got ",
                p.bias->dims().ToString());
  }
  Conv3dGeometry& g = p.geo;
  g.batch = x[0];
  g.in_c = x[1];
  g.out_c = w[0];
  g.groups = p.groups;
  int64_t pads[6];
  for (int i = 0; i < 3; ++i) {
    g.in[i] = x[2 + i];
    g.kernel[i] = w[2 + i];
    g.stride[i] = p.strides[static_cast<size_t>(i)];
    g.dilation[i] = p.dilations[static_cast<size_t>(i)];
  }
  EMBER_RETURN_IF_ERROR(ResolvePadding3d(p.paddings, p.padding_algorithm, g.in, g.stride, g.kernel, pads, g.dilation));
  for (int i = 0; i < 3; ++i) {
    g.pad[i] = pads[2 * i];
    g.pad_end[i] = pads[2 * i + 1];
    const int64_t extent = g.dilation[i] * (g.kernel[i] - 1) + 1;
    const int64_t span = g.in[i] + g.pad[i] + g.pad_end[i] - extent;
    EMBER_CHECK(span >= 0, "output size would be <= 0: Input ", x.ToString(), ", Filter ", w.ToString(),
                ", paddings ", DDim(std::vector<int64_t>(pads, pads + 6)).ToString(), ", dilations ",
                DDim(p.dilations).ToString());
    g.out[i] = span / g.stride[i] + 1;
  }
  p.output->Resize(DDim({g.batch, g.out_c, g.out[0], g.out[1], g.out[2]}));
  p.output->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(conv3d, Conv3dOp)

}  // namespace ember
