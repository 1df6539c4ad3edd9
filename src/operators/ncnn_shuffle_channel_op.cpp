#include "operators/ncnn_shuffle_channel_op.h"

#include "framework/op_registry.h"

namespace ember {

Status NcnnShuffleChannelParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  group = b->attrs().Int("group", 1);
  reverse = b->attrs().Bool("reverse", false);
  return Status::OK();
}

Status NcnnShuffleChannelOp::InferShape() {
  NcnnShuffleChannelParam& p = param_;
  const DDim& in = p.x->dims();
  EMBER_CHECK(p.group > 0, "attribute group must be > 0, got ", p.group);
  EMBER_CHECK(in.size() == 4, "X must be 4-D [N, C, H, W], got ", in.ToString());
  EMBER_CHECK(in[1] % p.group == 0, "channels ", in[1], " of X must be divisible by attribute group ", p.group);
  p.effective_group = p.reverse ? in[1] / p.group : p.group;
  p.out->Resize(in);
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(ncnn_shuffle_channel, NcnnShuffleChannelOp)

}  // namespace ember
