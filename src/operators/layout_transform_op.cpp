#include "operators/layout_transform_op.h"

#include "framework/op_registry.h"
#include "operators/packed_layout.h"

namespace ember {

Status LayoutTransformParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  const std::string dst = b->attrs().String("dst_layout", "");
  to_block = PackedBlockOf(dst);
  EMBER_CHECK(to_block || dst == "NCHW", "attribute dst_layout must be NCHW16c, NCHW4c or NCHW, got '", dst, "'");
  channels = b->attrs().Int("channels", 0);
  return Status::OK();
}

Status LayoutTransformOp::InferShape() {
  LayoutTransformParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  const DDim& x = p.x->dims();
  if (p.to_block) {
    const int64_t b = p.to_block;
    EMBER_CHECK(x.size() == 4, "input X must be 4-D NCHW, got ", x.ToString());
    p.n = x[0], p.c = x[1], p.hw = x[2] * x[3], p.block = b;
    p.out->Resize(DDim({x[0], (x[1] + b - 1) / b, x[2], x[3], b}));
  } else {
    EMBER_CHECK(x.size() == 5 && (x[4] == 16 || x[4] == 4),
                "input X must be 5-D NCHW16c or NCHW4c [N, C/x, H, W, x], got ", x.ToString());
    const int64_t b = x[4];
    EMBER_CHECK(p.channels > (x[1] - 1) * b && p.channels <= x[1] * b, "attribute channels = ", p.channels,
                " does not fit the ", x[1], " channel blocks of input X ", x.ToString());
    p.n = x[0], p.c = p.channels, p.hw = x[2] * x[3], p.block = b;
    p.out->Resize(DDim({x[0], p.channels, x[2], x[3]}));
  }
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(layout_transform, LayoutTransformOp)

}  // namespace ember
