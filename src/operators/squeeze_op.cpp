#include "operators/squeeze_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status SqueezeParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  xshape = b->OptionalOutput("XShape");
  axes = b->attrs().Ints("axes", {});
  axes_tensor = b->OptionalInput("AxesTensor");
  return Status::OK();
}

Status SqueezeOp::InferShape() {
  const SqueezeParam& p = param_;
  const DDim& in = p.x->dims();
  const int rank = in.size();
  std::vector<bool> drop(static_cast<size_t>(rank), false);
  std::vector<int64_t> axes = p.axes;
  const char* what = "attribute axes";
  if (p.axes_tensor) {
    what = "input AxesTensor";
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.axes_tensor, what, &axes));
  }
  if (axes.empty()) {
    for (int i = 0; i < rank; ++i) drop[static_cast<size_t>(i)] = in[i] == 1;
  }
  for (int64_t a : axes) {
    int64_t cur = a < 0 ? a + rank : a;
    EMBER_CHECK(cur >= 0 && cur < rank, what, " has ", a, ", out of range for X of shape ", in.ToString());
    if (in[static_cast<int>(cur)] == 1) drop[static_cast<size_t>(cur)] = true;
  }
  std::vector<int64_t> out;
  for (int i = 0; i < rank; ++i)
    if (!drop[static_cast<size_t>(i)]) out.push_back(in[i]);
  if (out.empty()) out.push_back(1);
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.x->dtype());
  SetXShape(p.xshape, *p.x);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(squeeze, SqueezeOp)
REGISTER_OPERATOR_CPU(squeeze2, SqueezeOp)

}  // namespace ember
