#include "operators/prelu_op.h"

#include "framework/op_registry.h"

namespace ember {

Status PreluParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  alpha = b->Input("Alpha");
  out = b->Output("Out");
  mode = b->attrs().String("mode", "");
  data_format = b->attrs().String("data_format", "NCHW");
  return Status::OK();
}

Status PreluOp::InferShape() {
  PreluParam& p = param_;
  if (p.mode == "all") {
    p.parsed_mode = PreluMode::kAll;
  } else if (p.mode == "channel") {
    p.parsed_mode = PreluMode::kChannel;
  } else if (p.mode == "element") {
    p.parsed_mode = PreluMode::kElement;
  } else {
    return InvalidArgument("attribute mode must be all, channel or element, got '", p.mode, "'");
  }
  if (p.data_format == "NHWC" || p.data_format == "NDHWC" || p.data_format == "NLC")
    return Unimplemented("attribute data_format = ", p.data_format, " is not supported (NCHW only)");
  EMBER_CHECK(p.data_format == "NCHW" || p.data_format == "AnyLayout",
              "attribute data_format must be NCHW, got '", p.data_format, "'");
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK_DTYPE(p.alpha, DataType::kFloat32, "input Alpha");
  const DDim& d = p.x->dims();
  const int64_t alpha_n = p.alpha->numel();
  switch (p.parsed_mode) {
    case PreluMode::kAll:
      EMBER_CHECK(alpha_n == 1, "mode all needs one Alpha value, got Alpha ", p.alpha->dims().ToString());
      break;
    case PreluMode::kChannel:
      EMBER_CHECK(d.size() >= 2, "mode channel needs X of rank >= 2, got X ", d.ToString());
      EMBER_CHECK(alpha_n == d[1], "mode channel needs ", d[1], " Alpha values (dim 1 of X ", d.ToString(),
                  "), got Alpha ", p.alpha->dims().ToString());
      break;
    case PreluMode::kElement:
      EMBER_CHECK(d.size() >= 1, "mode element needs X of rank >= 1, got a scalar");
      EMBER_CHECK(alpha_n == d.Product(1, d.size()), "mode element needs ", d.Product(1, d.size()),
                  " Alpha values (one per element of a sample of X ", d.ToString(), "), got Alpha ",
                  p.alpha->dims().ToString());
      break;
  }
  p.out->Resize(d);
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(prelu, PreluOp)

}  // namespace ember
