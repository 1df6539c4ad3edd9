#include "operators/pad_nd_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status PadNdParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  paddings_tensor = b->OptionalInput("Paddings");
  value_tensor = b->OptionalInput("PadValue");
  axes_tensor = b->OptionalInput("Axes");
  out = b->Output("Out");
  paddings_attr = b->attrs().Ints("paddings", {});
  pad_value = b->attrs().Float("pad_value", 0.f);
  std::string m = b->attrs().String("mode", "constant");
  if (m == "constant") mode = PadNdMode::kConstant;
  else if (m == "reflect") mode = PadNdMode::kReflect;
  else if (m == "edge") mode = PadNdMode::kEdge;
  else if (m == "wrap") mode = PadNdMode::kWrap;
  else return Unimplemented("attribute mode '", m, "' is not supported (constant, reflect, edge, wrap)");
  return Status::OK();
}

namespace {

// ONNX's [begin over axes..., end over axes...] as one (begin, end) pair per dim of a rank-`rank` X.
Status PairsFromAxes(const std::vector<int64_t>& onnx_pads, const std::vector<int64_t>& axes, int rank,
                     std::vector<int64_t>* pairs) {
  EMBER_CHECK(onnx_pads.size() == 2 * axes.size(), "Paddings ", DDim(onnx_pads).ToString(),
              " must have 2 values per axis of Axes ", DDim(axes).ToString());
  pairs->assign(2 * static_cast<size_t>(rank), 0);
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t ax = axes[i] < 0 ? axes[i] + rank : axes[i];
    EMBER_CHECK(ax >= 0 && ax < rank, "axis ", axes[i], " of Axes is out of range for rank ", rank);
    (*pairs)[2 * ax] = onnx_pads[i];
    (*pairs)[2 * ax + 1] = onnx_pads[axes.size() + i];
  }
  return Status::OK();
}

}  // namespace

Status PadNdOp::InferShape() {
  PadNdParam& p = param_;
  const DDim& d = p.x->dims();
  const int rank = d.size();
  std::vector<int64_t> pads = p.paddings_attr;
  if (p.paddings_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.paddings_tensor, "input Paddings", &pads));
  if (p.axes_tensor) {
    std::vector<int64_t> axes, onnx_pads = pads;
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.axes_tensor, "input Axes", &axes));
    EMBER_RETURN_IF_ERROR(PairsFromAxes(onnx_pads, axes, rank, &pads));
  }
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
    if ((p.mode == PadNdMode::kEdge || p.mode == PadNdMode::kWrap) && (b > 0 || a > 0))
      EMBER_CHECK(d[i] > 0, "edge or wrap padding of an empty dim ", i);
    p.before[static_cast<size_t>(i)] = b;
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(pad, PadNdOp)

}  // namespace ember
