#include "operators/center_crop_pad_op.h"

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status CenterCropPadParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  shape = b->Input("Shape");
  out = b->Output("Out");
  axes = b->attrs().Ints("axes", {});
  return Status::OK();
}

Status CenterCropPadOp::InferShape() {
  CenterCropPadParam& p = param_;
  const DDim& d = p.x->dims();
  const int rank = d.size();
  std::vector<int64_t> sizes, axes = p.axes;
  EMBER_RETURN_IF_ERROR(ReadIntTensor(p.shape, "input Shape", &sizes));
  if (axes.empty())
    for (int i = 0; i < rank; ++i) axes.push_back(i);
  EMBER_CHECK(sizes.size() == axes.size(), "input Shape ", DDim(sizes).ToString(), " must hold one size per axis of ",
              DDim(axes).ToString());
  std::vector<int64_t> out = d.vec();
  p.shift.assign(static_cast<size_t>(rank), 0);
  for (size_t i = 0; i < axes.size(); ++i) {
    const int64_t ax = axes[i] < 0 ? axes[i] + rank : axes[i];
    EMBER_CHECK(ax >= 0 && ax < rank, "axis ", axes[i], " is out of range for X ", d.ToString());
    EMBER_CHECK(sizes[i] >= 0, "Shape[", i, "] = ", sizes[i], " is negative");
    const int64_t dim = d[static_cast<int>(ax)];
    p.shift[static_cast<size_t>(ax)] = dim >= sizes[i] ? (dim - sizes[i]) / 2 : -((sizes[i] - dim) / 2);
    out[static_cast<size_t>(ax)] = sizes[i];
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.x->dtype());
  return Status::OK();
}

REGISTER_OPERATOR_CPU(center_crop_pad, CenterCropPadOp)

}  // namespace ember
