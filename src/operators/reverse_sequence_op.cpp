#include "operators/reverse_sequence_op.h"

#include "framework/op_registry.h"

namespace ember {

Status ReverseSequenceParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  lens = b->Input("SequenceLens");
  out = b->Output("Out");
  batch_axis = b->attrs().Int("batch_axis", 1);
  time_axis = b->attrs().Int("time_axis", 0);
  return Status::OK();
}

Status ReverseSequenceOp::InferShape() {
  ReverseSequenceParam& p = param_;
  const DDim& d = p.x->dims();
  EMBER_CHECK(d.size() >= 2 && ((p.batch_axis == 0 && p.time_axis == 1) || (p.batch_axis == 1 && p.time_axis == 0)),
              "batch_axis / time_axis must be 0 and 1 in either order, with X of rank >= 2, got ", p.batch_axis, ", ",
              p.time_axis, " for X ", d.ToString());
  EMBER_CHECK_DTYPE(p.lens, DataType::kInt64, "input SequenceLens");
  EMBER_CHECK(p.lens->numel() == d[p.batch_axis], "SequenceLens must hold one length per batch (",
              d[p.batch_axis], ")");
  for (int64_t i = 0; i < p.lens->numel(); ++i)
    EMBER_CHECK(p.lens->data<int64_t>()[i] >= 0 && p.lens->data<int64_t>()[i] <= d[p.time_axis], "SequenceLens[", i,
                "] = ", p.lens->data<int64_t>()[i], " is outside [0, ", d[p.time_axis], "]");
  p.out->Resize(d);
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(reverse_sequence, ReverseSequenceOp)

}  // namespace ember
