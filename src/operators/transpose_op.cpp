#include "operators/transpose_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status TransposeParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  xshape = b->OptionalOutput("XShape");
  axis = b->attrs().Ints("axis", {});
  return Status::OK();
}

Status TransposeOp::InferShape() {
  const TransposeParam& p = param_;
  const DDim& in = p.x->dims();
  EMBER_CHECK(static_cast<int>(p.axis.size()) == in.size(), "attribute axis ", DDim(p.axis).ToString(),
              " must have one entry per dim of X ", in.ToString());
  std::vector<bool> seen(p.axis.size(), false);
  std::vector<int64_t> out(p.axis.size());
  for (size_t i = 0; i < p.axis.size(); ++i) {
    int64_t a = p.axis[i];
    EMBER_CHECK(a >= 0 && a < in.size() && !seen[static_cast<size_t>(a)], "attribute axis ",
                DDim(p.axis).ToString(), " is not a permutation of 0..", in.size() - 1);
    seen[static_cast<size_t>(a)] = true;
    out[i] = in[static_cast<int>(a)];
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.x->dtype());
  SetXShape(p.xshape, *p.x);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(transpose2, TransposeOp)
REGISTER_OPERATOR_CPU(transpose, TransposeOp)

}  // namespace ember
