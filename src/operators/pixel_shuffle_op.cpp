#include "operators/pixel_shuffle_op.h"

#include "framework/op_registry.h"

namespace ember {

Status PixelShuffleParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  upscale_factor = b->attrs().Int("upscale_factor", 1);
  std::string layout = b->attrs().String("data_format", "NCHW");
  if (layout != "NCHW") return Unimplemented("attribute data_format '", layout, "' is not supported (NCHW only)");
  return Status::OK();
}

Status PixelShuffleOp::InferShape() {
  const PixelShuffleParam& p = param_;
  const DDim& in = p.x->dims();
  const int64_t r = p.upscale_factor;
  EMBER_CHECK(r > 0, "attribute upscale_factor must be > 0, got ", r);
  EMBER_CHECK(in.size() == 4, "X must be 4-D [N, C, H, W], got ", in.ToString());
  EMBER_CHECK(in[1] % (r * r) == 0, "channels ", in[1], " of X must be divisible by upscale_factor^2 = ", r * r);
  p.out->Resize({in[0], in[1] / (r * r), in[2] * r, in[3] * r});
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(pixel_shuffle, PixelShuffleOp)

}  // namespace ember
