#include "operators/conv2d_integer_op.h"

#include "framework/op_registry.h"

namespace ember {

Status Conv2dIntegerParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  filter = b->Input("Filter");
  input_zero_point = b->OptionalInput("InputZeroPoint");
  filter_zero_point = b->OptionalInput("FilterZeroPoint");
  output = b->Output("Output");
  weights_scope = b->weights_scope();
  cache_key = PackedFilterKey(b, "conv2d_integer_igemm:");
  ReadConvWindow(b->attrs(), &strides, &paddings, &dilations, &groups, &padding_algorithm);
  return Status::OK();
}

namespace {

bool IntegerInput(const Tensor* t) {
  return t->dtype() == DataType::kInt8 || t->dtype() == DataType::kUInt8 || t->dtype() == DataType::kInt32;
}

}  // namespace

Status Conv2dIntegerOp::InferShape() {
  Conv2dIntegerParam& p = param_;
  EMBER_CHECK(IntegerInput(p.input) && IntegerInput(p.filter), "inputs Input and Filter must be int8, uint8 or",
              " int32, got ", DataTypeName(p.input->dtype()), " and ", DataTypeName(p.filter->dtype()));
  EMBER_RETURN_IF_ERROR(CheckConvAttrs(p.strides, p.paddings, p.dilations, "NCHW"));
  const DDim& x = p.input->dims();
  const DDim& w = p.filter->dims();
  EMBER_RETURN_IF_ERROR(CheckConvShapes(x, w, p.groups));
  if (p.input_zero_point)
    EMBER_CHECK(IntegerInput(p.input_zero_point) && p.input_zero_point->numel() == 1,
                "input InputZeroPoint must be one integer, got ", DataTypeName(p.input_zero_point->dtype()), " ",
                p.input_zero_point->dims().ToString());
  if (p.filter_zero_point)
    EMBER_CHECK(IntegerInput(p.filter_zero_point) &&
                    (p.filter_zero_point->numel() == 1 || p.filter_zero_point->numel() == w[0]),
                "input FilterZeroPoint must be integers, one or one per output channel (", w[0], "), got ",
                DataTypeName(p.filter_zero_point->dtype()), " ", p.filter_zero_point->dims().ToString());
  ConvGeometry& g = p.geo;
  EMBER_RETURN_IF_ERROR(ResolveConvGeometry(x, w, p.strides, p.paddings, p.dilations, p.groups,
                                            p.padding_algorithm, &g));
  p.output->Resize(DDim({g.batch, g.out_c, g.out_h, g.out_w}));
  p.output->set_dtype(DataType::kInt32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(conv2d_integer, Conv2dIntegerOp)

}  // namespace ember
