#include "operators/quantized_conv2d_op.h"

#include "framework/op_registry.h"

namespace ember {

Status QuantizedConv2dParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  filter = b->Input("Filter");
  filter_scale = b->Input("FilterScale");
  bias = b->OptionalInput("Bias");
  output = b->Output("Output");
  weights_scope = b->weights_scope();
  cache_key = PackedFilterKey(b, "quantized_conv2d_igemm:");
  AttrReader& a = b->attrs();
  ReadConvWindow(a, &strides, &paddings, &dilations, &groups, &padding_algorithm);
  input_mul = a.Float("input_mul", 1.f);
  input_step = a.Float("input_step", 1.f);
  quant_min = a.Int("quant_min", -128);
  quant_max = a.Int("quant_max", 127);
  const int64_t round_type = a.Int("round_type", 0);
  EMBER_CHECK(round_type == 0 || round_type == 1, "attribute round_type must be 0 (ties to even) or 1 (ties away",
              " from zero), got ", round_type);
  ties_away = round_type == 1;
  return ParseFusedActivation(b->op(), &act);
}

Status QuantizedConv2dOp::InferShape() {
  QuantizedConv2dParam& p = param_;
  EMBER_CHECK_DTYPE(p.input, DataType::kFloat32, "input Input");
  EMBER_CHECK_DTYPE(p.filter, DataType::kInt8, "input Filter");
  EMBER_CHECK_DTYPE(p.filter_scale, DataType::kFloat32, "input FilterScale");
  EMBER_RETURN_IF_ERROR(CheckConvAttrs(p.strides, p.paddings, p.dilations, "NCHW"));
  EMBER_CHECK(p.quant_min >= -128 && p.quant_min <= 0 && p.quant_max >= 1 && p.quant_max <= 127,
              "attributes quant_min and quant_max must lie in [-128, 0] and [1, 127], got ", p.quant_min, " and ",
              p.quant_max);
  EMBER_CHECK(p.input_mul > 0 && p.input_step > 0, "attributes input_mul and input_step must be positive, got ",
              p.input_mul, " and ", p.input_step);
  const DDim& x = p.input->dims();
  const DDim& w = p.filter->dims();
  EMBER_RETURN_IF_ERROR(CheckConvShapes(x, w, p.groups));
  EMBER_CHECK(p.filter_scale->numel() == w[0], "input FilterScale must have ", w[0],
              " values (output channels), got ", p.filter_scale->dims().ToString());
  EMBER_RETURN_IF_ERROR(CheckConvBias(p.bias, w[0]));
  ConvGeometry& g = p.geo;
  EMBER_RETURN_IF_ERROR(ResolveConvGeometry(x, w, p.strides, p.paddings, p.dilations, p.groups,
                                            p.padding_algorithm, &g));
  p.output->Resize(DDim({g.batch, g.out_c, g.out_h, g.out_w}));
  p.output->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(quantized_conv2d, QuantizedConv2dOp)

}  // namespace ember
