#include "operators/take_along_axis_op.h"

#include "framework/op_registry.h"

namespace ember {

Status TakeAlongAxisParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  index = b->Input("Index");
  result = b->Output("Result");
  axis_attr = b->attrs().Int("Axis", 0);
  return Status::OK();
}

Status TakeAlongAxisOp::InferShape() {
  TakeAlongAxisParam& p = param_;
  EMBER_RETURN_IF_ERROR(CheckAlongAxis(*p.input, *p.index, p.axis_attr, &p.axis));
  p.result->Resize(p.index->dims());
  p.result->set_dtype(p.input->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(take_along_axis, TakeAlongAxisOp)

}  // namespace ember
