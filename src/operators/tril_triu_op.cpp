#include "operators/tril_triu_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status TrilTriuParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  diagonal_tensor = b->OptionalInput("Diagonal");
  out = b->Output("Out");
  diagonal_attr = b->attrs().Int("diagonal", 0);
  lower = b->attrs().Bool("lower", true);
  return Status::OK();
}

Status TrilTriuOp::InferShape() {
  TrilTriuParam& p = param_;
  EMBER_CHECK(p.x->dims().size() >= 2, "X must have rank >= 2, got ", p.x->dims().ToString());
  p.diagonal = p.diagonal_attr;
  if (p.diagonal_tensor) {
    std::vector<int64_t> v;
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.diagonal_tensor, "input Diagonal", &v));
    EMBER_CHECK(v.size() == 1, "input Diagonal must hold one value");
    p.diagonal = v[0];
  }
  p.out->Resize(p.x->dims());
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(tril_triu, TrilTriuOp)

}  // namespace ember
