#include "operators/unsqueeze_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status UnsqueezeParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  xshape = b->OptionalOutput("XShape");
  axes = b->attrs().Ints("axes", {});
  for (const char* slot : {"AxesTensor", "AxesTensorList"})
    if (b->op().HasInput(slot)) return Unimplemented("input ", slot, " is not supported; use attribute axes");
  return Status::OK();
}

Status UnsqueezeOp::InferShape() {
  const UnsqueezeParam& p = param_;
  EMBER_CHECK(!p.axes.empty(), "attribute axes is empty");
  std::vector<int64_t> out = p.x->dims().vec();
  for (int64_t a : p.axes) {
    int64_t size = static_cast<int64_t>(out.size());
    int64_t cur = a < 0 ? a + size + 1 : a;
    EMBER_CHECK(cur >= 0 && cur <= size, "attribute axes has ", a, ", out of range for a shape of rank ", size);
    out.insert(out.begin() + cur, 1);
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.x->dtype());
  SetXShape(p.xshape, *p.x);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(unsqueeze, UnsqueezeOp)
REGISTER_OPERATOR_CPU(unsqueeze2, UnsqueezeOp)

}  // namespace ember
