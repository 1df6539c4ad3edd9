#include "operators/determinant_op.h"

#include "framework/op_registry.h"

namespace ember {

Status DeterminantParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  out = b->Output("Out");
  return Status::OK();
}

Status DeterminantOp::InferShape() {
  DeterminantParam& p = param_;
  EMBER_CHECK_DTYPE(p.input, DataType::kFloat32, "input Input");
  const DDim& d = p.input->dims();
  EMBER_CHECK(d.size() >= 2 && d[d.size() - 1] == d[d.size() - 2], "input Input must be [..., M, M], got ",
              d.ToString());
  p.m = d[d.size() - 1];
  p.out->Resize(DDim(std::vector<int64_t>(d.vec().begin(), d.vec().end() - 2)));
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(determinant, DeterminantOp)

}  // namespace ember
