#include "operators/pad_nd_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status PadNdParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  paddings_tensor = b->OptionalInput("Paddings");
  value_tensor = b->OptionalInput("PadValue");
  out = b->Output("Out");
  paddings_attr = b->attrs().Ints("paddings", {});
  pad_value = b->attrs().Float("pad_value", 0.f);
  std::string m = b->attrs().String("mode", "constant");
  if (m == "constant") mode = PadNdMode::kConstant;
  else if (m == "reflect") mode = PadNdMode::kReflect;
  else if (m == "edge") mode = PadNdMode::kEdge;
  else return Unimplemented("attribute mode '", m, "' is not supported (constant, reflect, edge)");
  return Status::OK();
}

Status PadNdOp::InferShape() {
  PadNdParam& p = param_;
  const DDim& d = p.x->dims();
  const int rank = d.size();
  std::vector<int64_t> pads = p.paddings_attr;
  if (p.paddings_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.paddings_tensor, "input Paddings", &pads));
  EMBER_CHECK(static_cast<int>(pads.size()) == 2 * rank, "paddings ", DDim(pads).ToString(), " must have 2 values per dim of X ",
              d.ToString());
  if (p.value_tensor) {
    EMBER_CHECK(p.value_tensor->dtype() == p.x->dtype() && p.value_tensor->numel() == 1,
                "PadValue must be one element of X's type");
  }
  std::vector<int64_t> out(static_cast<size_t>(rank));
  p.before.assign(static_cast<size_t>(rank), 0);
  for (int i = 0; i < rank; ++i) {
    int64_t b = pads[2 * i], a = pads[2 * i + 1];
    out[i] = d[i] + b + a;
    EMBER_CHECK(out[i] >= 0, "paddings ", DDim(pads).ToString(), " crop more than dim ", i, " of X ", d.ToString());
    if (p.mode == PadNdMode::kReflect && (b > 0 || a > 0))
      EMBER_CHECK(b < d[i] && a < d[i], "reflect padding ", DDim(pads).ToString(), " must be smaller than dim ", i,
                  " of X ", d.ToString());
    if (p.mode == PadNdMode::kEdge && (b > 0 || a > 0))
      EMBER_CHECK(d[i] > 0, "edge padding of an empty dim ", i);
    p.before[static_cast<size_t>(i)] = b;
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(pad, PadNdOp)

}  // namespace ember
