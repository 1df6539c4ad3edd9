#include "operators/top_k_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status TopKParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  k_tensor = b->OptionalInput("K");
  out = b->Output("Out");
  indices = b->Output("Indices");
  k_attr = b->attrs().Int("k", 1);
  axis_attr = b->attrs().Int("axis", -1);
  largest = b->attrs().Bool("largest", true);
  sorted = b->attrs().Bool("sorted", true);
  return Status::OK();
}

Status TopKOp::InferShape() {
  TopKParam& p = param_;
  const DDim& d = p.x->dims();
  const int rank = d.size();
  EMBER_CHECK(p.x->dtype() == DataType::kFloat32 || p.x->dtype() == DataType::kInt32 ||
                  p.x->dtype() == DataType::kInt64,
              "X must be float32, int32 or int64, got ", DataTypeName(p.x->dtype()));
  EMBER_CHECK(rank >= 1, "X must have rank >= 1");
  int64_t axis = p.axis_attr < 0 ? p.axis_attr + rank : p.axis_attr;
  EMBER_CHECK(axis >= 0 && axis < rank, "attribute axis = ", p.axis_attr, " is out of range for X ", d.ToString());
  int64_t k = p.k_attr;
  if (p.k_tensor) {
    std::vector<int64_t> v;
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.k_tensor, "input K", &v));
    EMBER_CHECK(v.size() == 1, "input K must hold one value");
    k = v[0];
  }
  p.outer = d.Product(0, static_cast<int>(axis));
  p.n = d[static_cast<int>(axis)];
  p.inner = d.Product(static_cast<int>(axis) + 1, rank);
  EMBER_CHECK(k >= 0 && k <= p.n, "k = ", k, " must be in [0, ", p.n, "] for X ", d.ToString());
  p.k = k;
  std::vector<int64_t> o = d.vec();
  o[static_cast<size_t>(axis)] = k;
  p.out->Resize(DDim(o));
  p.out->set_dtype(p.x->dtype());
  p.indices->Resize(DDim(o));
  p.indices->set_dtype(DataType::kInt64);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(top_k_v2, TopKOp)

}  // namespace ember
