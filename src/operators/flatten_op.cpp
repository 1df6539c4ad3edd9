#include "operators/flatten_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status FlattenParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  xshape = b->OptionalOutput("XShape");
  contiguous_range = b->op().type == "flatten_contiguous_range";
  axis = b->attrs().Int("axis", 1);
  start_axis = b->attrs().Int("start_axis", 1);
  stop_axis = b->attrs().Int("stop_axis", -1);
  return Status::OK();
}

Status FlattenOp::InferShape() {
  const FlattenParam& p = param_;
  const DDim& in = p.x->dims();
  const int rank = in.size();
  std::vector<int64_t> out;
  if (!p.contiguous_range) {
    EMBER_CHECK(p.axis >= 0 && p.axis <= rank, "attribute axis ", p.axis, " must be in [0, ", rank,
                "] for X of shape ", in.ToString());
    int a = static_cast<int>(p.axis);
    out = {in.Product(0, a), in.Product(a, rank)};
  } else if (rank == 0) {
    out = {1};
  } else {
    int64_t start = p.start_axis < 0 ? p.start_axis + rank : p.start_axis;
    int64_t stop = p.stop_axis < 0 ? p.stop_axis + rank : p.stop_axis;
    EMBER_CHECK(start >= 0 && start < rank, "attribute start_axis ", p.start_axis, " is out of range for X of shape ",
                in.ToString());
    EMBER_CHECK(stop >= 0 && stop < rank, "attribute stop_axis ", p.stop_axis, " is out of range for X of shape ",
                in.ToString());
    EMBER_CHECK(start <= stop, "attribute start_axis ", p.start_axis, " comes after stop_axis ", p.stop_axis);
    for (int i = 0; i < start; ++i) out.push_back(in[i]);
    out.push_back(in.Product(static_cast<int>(start), static_cast<int>(stop) + 1));
    for (int i = static_cast<int>(stop) + 1; i < rank; ++i) out.push_back(in[i]);
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.x->dtype());
  SetXShape(p.xshape, *p.x);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(flatten, FlattenOp)
REGISTER_OPERATOR_CPU(flatten2, FlattenOp)
REGISTER_OPERATOR_CPU(flatten_contiguous_range, FlattenOp)

}  // namespace ember
