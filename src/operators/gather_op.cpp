#include "operators/gather_op.h"

#include "framework/op_registry.h"

namespace ember {

Status GatherParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  index = b->Input("Index");
  out = b->Output("Out");
  axis = b->attrs().Int("axis", 0);
  if (b->op().HasInput("Axis")) return Unimplemented("input Axis is not supported (use attribute axis)");
  return Status::OK();
}

Status GatherOp::InferShape() {
  GatherParam& p = param_;
  const DDim& d = p.x->dims();
  const int rank = d.size();
  EMBER_CHECK(rank >= 1, "X must have rank >= 1, got ", d.ToString());
  int64_t axis = p.axis < 0 ? p.axis + rank : p.axis;
  EMBER_CHECK(axis >= 0 && axis < rank, "attribute axis = ", p.axis, " is out of range for X ", d.ToString());
  EMBER_CHECK(p.index->dtype() == DataType::kInt32 || p.index->dtype() == DataType::kInt64,
              "Index must be int32 or int64, got ", DataTypeName(p.index->dtype()));
  std::vector<int64_t> o(d.vec().begin(), d.vec().begin() + axis);
  for (int64_t v : p.index->dims().vec()) o.push_back(v);
  o.insert(o.end(), d.vec().begin() + axis + 1, d.vec().end());
  p.outer = d.Product(0, static_cast<int>(axis));
  p.n = d[static_cast<int>(axis)];
  p.inner = d.Product(static_cast<int>(axis) + 1, rank);
  p.out->Resize(DDim(o));
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(gather, GatherOp)

}  // namespace ember
