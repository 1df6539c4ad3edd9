#include "operators/tile_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status TileParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  repeat_tensor = b->OptionalInput("RepeatTimes");
  out = b->Output("Out");
  repeat_times = b->attrs().Ints("repeat_times", {});
  if (b->op().HasInput("repeat_times_tensor")) return Unimplemented("input repeat_times_tensor is not supported");
  return Status::OK();
}

Status TileOp::InferShape() {
  TileParam& p = param_;
  std::vector<int64_t> rep = p.repeat_times;
  if (p.repeat_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.repeat_tensor, "input RepeatTimes", &rep));
  std::vector<int64_t> xd = p.x->dims().vec();
  EMBER_CHECK(rep.size() >= xd.size(), "repeat_times ", DDim(rep).ToString(), " is shorter than the rank of X ",
              p.x->dims().ToString());
  xd.insert(xd.begin(), rep.size() - xd.size(), 1);
  std::vector<int64_t> od(xd.size());
  for (size_t i = 0; i < xd.size(); ++i) {
    EMBER_CHECK(rep[i] >= 0, "repeat_times ", DDim(rep).ToString(), " has a negative value");
    od[i] = xd[i] * rep[i];
  }
  p.in_dims = DDim(xd);
  p.out->Resize(DDim(od));
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(tile, TileOp)

}  // namespace ember
