#include "operators/put_along_axis_op.h"

#include "framework/op_registry.h"

namespace ember {

Status PutAlongAxisParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  index = b->Input("Index");
  value = b->Input("Value");
  result = b->Output("Result");
  axis_attr = b->attrs().Int("Axis", 0);
  return ParseScatterReduce(b->attrs().String("Reduce", "assign"), &reduce);
}

Status PutAlongAxisOp::InferShape() {
  PutAlongAxisParam& p = param_;
  EMBER_RETURN_IF_ERROR(CheckAlongAxis(*p.input, *p.index, p.axis_attr, &p.axis));
  EMBER_CHECK(p.value->dtype() == p.input->dtype(), "Value must have Input's type ", DataTypeName(p.input->dtype()));
  EMBER_CHECK(p.value->numel() == 1 || p.value->dims() == p.index->dims(), "Value ", p.value->dims().ToString(),
              " must be one element or Index's shape ", p.index->dims().ToString());
  p.result->Resize(p.input->dims());
  p.result->set_dtype(p.input->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(put_along_axis, PutAlongAxisOp)

}  // namespace ember
