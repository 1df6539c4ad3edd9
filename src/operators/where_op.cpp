#include "operators/where_op.h"

#include "framework/op_registry.h"
#include "operators/kernel/central-arm-func/broadcast_func.h"

namespace ember {

Status WhereParam::Bind(ParamBinder* b) {
  condition = b->Input("Condition");
  x = b->Input("X");
  y = b->Input("Y");
  out = b->Output("Out");
  return Status::OK();
}

Status WhereOp::InferShape() {
  WhereParam& p = param_;
  EMBER_CHECK_DTYPE(p.condition, DataType::kBool, "input Condition");
  EMBER_CHECK(p.y->dtype() == p.x->dtype(), "Y must have X's dtype ", DataTypeName(p.x->dtype()), ", got ",
              DataTypeName(p.y->dtype()));
  DDim out;
  EMBER_RETURN_IF_ERROR(BroadcastDims({p.condition->dims(), p.x->dims(), p.y->dims()}, &out));
  p.out->Resize(out);
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(where, WhereOp)

}  // namespace ember
