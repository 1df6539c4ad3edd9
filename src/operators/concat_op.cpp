#include "operators/concat_op.h"

#include "framework/op_registry.h"

namespace ember {

Status ConcatParam::Bind(ParamBinder* b) {
  xs = b->Inputs("X");
  out = b->Output("Out");
  axis = b->attrs().Int("axis", 0);
  if (b->op().HasInput("AxisTensor")) return Unimplemented("input AxisTensor is not supported; use attribute axis");
  return Status::OK();
}

Status ConcatOp::InferShape() {
  ConcatParam& p = param_;
  const Tensor* first = p.xs[0];
  const int rank = first->dims().size();
  EMBER_CHECK(rank > 0, "X[0] must have rank >= 1");
  int64_t axis = p.axis < 0 ? p.axis + rank : p.axis;
  EMBER_CHECK(axis >= 0 && axis < rank, "attribute axis ", p.axis, " is out of range for rank ", rank);
  p.norm_axis = static_cast<int>(axis);
  DDim out = first->dims();
  for (size_t i = 1; i < p.xs.size(); ++i) {
    const DDim& d = p.xs[i]->dims();
    EMBER_CHECK(p.xs[i]->dtype() == first->dtype(), "X[", i, "] is ", DataTypeName(p.xs[i]->dtype()), " but X[0] is ",
                DataTypeName(first->dtype()));
    bool same = d.size() == rank;
    for (int k = 0; same && k < rank; ++k) same = k == p.norm_axis || d[k] == out[k];
    EMBER_CHECK(same, "X[", i, "] of shape ", d.ToString(), " does not match X[0] of shape ",
                first->dims().ToString(), " outside axis ", p.norm_axis);
    out[p.norm_axis] += d[p.norm_axis];
  }
  p.out->Resize(out);
  p.out->set_dtype(first->dtype());
  return Status::OK();
}

// With nothing before the axis but size-1 dims, each input is one run of the output's bytes.
std::vector<StorageView> ConcatOp::Views() const {
  const ConcatParam& p = param_;
  const DDim& od = p.out->dims();
  if (od.Product(0, p.norm_axis) != 1) return {};
  std::vector<StorageView> views;
  size_t offset = 0;
  for (const Tensor* x : p.xs) {
    views.push_back({x, p.out, offset});
    offset += x->nbytes();
  }
  return views;
}

REGISTER_OPERATOR_CPU(concat, ConcatOp)

}  // namespace ember
