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
  const DDim& d = p.input->dims();
  const DDim& id = p.index->dims();
  const int rank = d.size();
  EMBER_CHECK(p.index->dtype() == DataType::kInt32 || p.index->dtype() == DataType::kInt64,
              "Index must be int32 or int64, got ", DataTypeName(p.index->dtype()));
  EMBER_CHECK(id.size() == rank, "Index ", id.ToString(), " must have the rank of Input ", d.ToString());
  EMBER_CHECK(p.value->dtype() == p.input->dtype(), "Value must have Input's type ", DataTypeName(p.input->dtype()));
  EMBER_CHECK(p.value->numel() == 1 || p.value->dims() == id, "Value ", p.value->dims().ToString(),
              " must be one element or Index's shape ", id.ToString());
  const int64_t axis = p.axis_attr < 0 ? p.axis_attr + rank : p.axis_attr;
  EMBER_CHECK(axis >= 0 && axis < rank, "attribute Axis = ", p.axis_attr, " is out of range for Input ", d.ToString());
  for (int i = 0; i < rank; ++i)
    EMBER_CHECK(i == axis || id[i] <= d[i], "Index ", id.ToString(), " is larger than Input ", d.ToString(),
                " in dim ", i);
  p.axis = static_cast<int>(axis);
  p.result->Resize(d);
  p.result->set_dtype(p.input->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(put_along_axis, PutAlongAxisOp)

}  // namespace ember
