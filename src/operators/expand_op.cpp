#include "operators/expand_op.h"

#include "framework/op_registry.h"
#include "operators/kernel/central-arm-func/broadcast_func.h"
#include "operators/reshape_op.h"

namespace ember {

Status ExpandParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  shape_tensor = b->OptionalInput("Shape");
  out = b->Output("Out");
  shape = b->attrs().Ints("shape", {});
  if (b->op().HasInput("expand_shapes_tensor")) return Unimplemented("input expand_shapes_tensor is not supported");
  return Status::OK();
}

Status ExpandOp::InferShape() {
  ExpandParam& p = param_;
  std::vector<int64_t> shape = p.shape;
  if (p.shape_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.shape_tensor, "input Shape", &shape));
  const DDim& xd = p.x->dims();
  // -1 keeps X's dim (right-aligned).
  for (size_t i = 0; i < shape.size(); ++i) {
    int xi = xd.size() - static_cast<int>(shape.size()) + static_cast<int>(i);
    if (shape[i] == -1) {
      EMBER_CHECK(xi >= 0, "shape ", DDim(shape).ToString(), " has -1 where X ", xd.ToString(), " has no dim");
      shape[i] = xd[xi];
    }
    EMBER_CHECK(shape[i] >= 0, "shape ", DDim(shape).ToString(), " has a negative dim");
  }
  DDim out;
  EMBER_RETURN_IF_ERROR(BroadcastDims({xd, DDim(shape)}, &out));
  p.out->Resize(out);
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(expand_v2, ExpandOp)

}  // namespace ember
