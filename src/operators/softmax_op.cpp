#include "operators/softmax_op.h"

#include <algorithm>

#include "framework/op_registry.h"

namespace ember {

Status SoftmaxParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  axis = b->attrs().Int("axis", -1);
  log = b->op().type == "log_softmax";
  return Status::OK();
}

Status SoftmaxOp::InferShape() {
  SoftmaxParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  const DDim& d = p.x->dims();
  // A scalar is a softmax over one element (Paddle accepts axis 0 or -1 for it).
  const int rank = std::max(d.size(), 1);
  EMBER_CHECK(p.axis >= -rank && p.axis < rank, "attribute axis = ", p.axis, " is out of range for X ",
              d.ToString());
  if (d.size() == 0) {
    p.outer = p.axis_size = p.inner = 1;
  } else {
    const int axis = static_cast<int>(p.axis < 0 ? p.axis + rank : p.axis);
    p.outer = d.Product(0, axis);
    p.axis_size = d[axis];
    p.inner = d.Product(axis + 1, d.size());
  }
  p.out->Resize(d);
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(softmax, SoftmaxOp)
REGISTER_OPERATOR_CPU(log_softmax, SoftmaxOp)

}  // namespace ember
