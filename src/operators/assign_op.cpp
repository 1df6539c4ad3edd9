#include "operators/assign_op.h"

#include "framework/op_registry.h"

namespace ember {

Status AssignParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  return Status::OK();
}

Status AssignOp::InferShape() {
  param_.out->Resize(param_.x->dims());
  param_.out->set_dtype(param_.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(assign, AssignOp)

}  // namespace ember
