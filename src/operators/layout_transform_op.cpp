#include "operators/layout_transform_op.h"

#include "framework/op_registry.h"

namespace ember {

Status LayoutTransformParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  const std::string dst = b->attrs().String("dst_layout", "");
  EMBER_CHECK(dst == "NCHW16c" || dst == "NCHW", "attribute dst_layout must be NCHW16c or NCHW, got '", dst, "'");
  to_16c = dst == "NCHW16c";
  channels = b->attrs().Int("channels", 0);
  return Status::OK();
}

Status LayoutTransformOp::InferShape() {
  LayoutTransformParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  const DDim& x = p.x->dims();
  if (p.to_16c) {
    EMBER_CHECK(x.size() == 4, "input X must be 4-D NCHW, got ", x.ToString());
    p.n = x[0], p.c = x[1], p.hw = x[2] * x[3];
    p.out->Resize(DDim({x[0], (x[1] + 15) / 16, x[2], x[3], 16}));
  } else {
    EMBER_CHECK(x.size() == 5 && x[4] == 16, "input X must be 5-D NCHW16c [N, C/16, H, W, 16], got ", x.ToString());
    EMBER_CHECK(p.channels > (x[1] - 1) * 16 && p.channels <= x[1] * 16, "attribute channels = ", p.channels,
                " does not fit the ", x[1], " channel blocks of input X ", x.ToString());
    p.n = x[0], p.c = p.channels, p.hw = x[2] * x[3];
    p.out->Resize(DDim({x[0], p.channels, x[2], x[3]}));
  }
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(layout_transform, LayoutTransformOp)

}  // namespace ember
