#include "operators/shuffle_channel_op.h"

#include "framework/op_registry.h"

namespace ember {

Status ShuffleChannelParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  group = b->attrs().Int("group", 1);
  return Status::OK();
}

Status ShuffleChannelOp::InferShape() {
  const ShuffleChannelParam& p = param_;
  const DDim& in = p.x->dims();
  EMBER_CHECK(p.group > 0, "attribute group must be > 0, got ", p.group);
  EMBER_CHECK(in.size() == 4, "X must be 4-D [N, C, H, W], got ", in.ToString());
  EMBER_CHECK(in[1] % p.group == 0, "channels ", in[1], " of X must be divisible by attribute group ", p.group);
  p.out->Resize(in);
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(shuffle_channel, ShuffleChannelOp)

}  // namespace ember
