#include "operators/space_to_depth_op.h"

#include "framework/op_registry.h"

namespace ember {

Status SpaceToDepthParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  blocksize = b->attrs().RequiredInt("blocksize");
  to_depth = b->op().type == "space_to_depth";
  std::string mode = b->attrs().String("mode", "DCR");
  if (mode != "DCR" && mode != "CRD") return Unimplemented("attribute mode '", mode, "' is not supported (DCR, CRD)");
  if (to_depth && mode != "DCR") return Unimplemented("attribute mode is only for depth_to_space");
  crd = mode == "CRD";
  return Status::OK();
}

Status SpaceToDepthOp::InferShape() {
  SpaceToDepthParam& p = param_;
  const DDim& d = p.x->dims();
  const int64_t b = p.blocksize;
  EMBER_CHECK(b >= 1, "attribute blocksize = ", b, " must be >= 1");
  EMBER_CHECK(d.size() == 4, "X must be 4-D NCHW, got ", d.ToString());
  int64_t bb = 0, c = 0, h = 0, w = 0;  // a crafted blocksize must not overflow the output dims
  EMBER_CHECK(!__builtin_mul_overflow(b, b, &bb), "attribute blocksize = ", b, " is too large");
  if (p.to_depth) {
    EMBER_CHECK(d[2] % b == 0 && d[3] % b == 0, "H and W of X ", d.ToString(), " must be multiples of blocksize ", b);
    EMBER_CHECK(!__builtin_mul_overflow(d[1], bb, &c), "C of X ", d.ToString(), " times blocksize^2 = ", bb,
                " overflows");
    p.out->Resize(DDim({d[0], c, d[2] / b, d[3] / b}));
  } else {
    EMBER_CHECK(d[1] % bb == 0, "C of X ", d.ToString(), " must be a multiple of blocksize^2 = ", bb);
    EMBER_CHECK(!__builtin_mul_overflow(d[2], b, &h) && !__builtin_mul_overflow(d[3], b, &w), "H and W of X ",
                d.ToString(), " times blocksize ", b, " overflow");
    p.out->Resize(DDim({d[0], d[1] / bb, h, w}));
  }
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(space_to_depth, SpaceToDepthOp)
REGISTER_OPERATOR_CPU(depth_to_space, SpaceToDepthOp)

}  // namespace ember
