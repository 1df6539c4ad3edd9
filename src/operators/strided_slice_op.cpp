#include "operators/strided_slice_op.h"

#include <algorithm>

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status StridedSliceParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  starts_tensor = b->OptionalInput("StartsTensor");
  ends_tensor = b->OptionalInput("EndsTensor");
  strides_tensor = b->OptionalInput("StridesTensor");
  axes_tensor = b->OptionalInput("AxesTensor");
  out = b->Output("Out");
  axes = b->attrs().Ints("axes", {});
  starts = b->attrs().Ints("starts", {});
  ends = b->attrs().Ints("ends", {});
  strides = b->attrs().Ints("strides", {});
  b->attrs().Ints("infer_flags", {});  // compile-time hints only
  std::vector<int64_t> decrease = b->attrs().Ints("decrease_axis", {});
  if (!decrease.empty()) return Unimplemented("attribute decrease_axis is not supported");
  for (const char* slot : {"StartsTensorList", "EndsTensorList", "StridesTensorList"})
    if (b->op().HasInput(slot)) return Unimplemented("input ", slot, " is not supported");
  return Status::OK();
}

Status StridedSliceOp::InferShape() {
  StridedSliceParam& p = param_;
  const DDim& in = p.input->dims();
  const int rank = in.size();
  std::vector<int64_t> starts = p.starts, ends = p.ends, strides = p.strides, axes = p.axes;
  if (p.starts_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.starts_tensor, "input StartsTensor", &starts));
  if (p.ends_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.ends_tensor, "input EndsTensor", &ends));
  if (p.strides_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.strides_tensor, "input StridesTensor", &strides));
  if (p.axes_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.axes_tensor, "input AxesTensor", &axes));
  EMBER_CHECK(starts.size() == ends.size(), "starts ", DDim(starts).ToString(), " and ends ", DDim(ends).ToString(),
              " differ in length");
  if (axes.empty())
    for (size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<int64_t>(i));
  if (strides.empty()) strides.assign(starts.size(), 1);
  EMBER_CHECK(axes.size() == starts.size() && strides.size() == starts.size(), "axes ", DDim(axes).ToString(),
              ", starts, ends and strides ", DDim(strides).ToString(), " must have the same length");
  p.begin.assign(static_cast<size_t>(rank), 0);
  p.step.assign(static_cast<size_t>(rank), 1);
  std::vector<int64_t> out = in.vec();
  std::vector<bool> seen(static_cast<size_t>(rank), false);
  for (size_t i = 0; i < axes.size(); ++i) {
    int64_t ax = axes[i] < 0 ? axes[i] + rank : axes[i];
    EMBER_CHECK(ax >= 0 && ax < rank, "axis ", axes[i], " is out of range for Input ", in.ToString());
    EMBER_CHECK(!seen[static_cast<size_t>(ax)], "axis ", axes[i], " is listed twice");
    seen[static_cast<size_t>(ax)] = true;
    const int64_t dim = in[static_cast<int>(ax)], st = strides[i];
    EMBER_CHECK(st != 0, "stride for axis ", axes[i], " must not be 0");
    int64_t s = starts[i], e = ends[i];
    if (s < 0) s += dim;
    if (e < 0) e += dim;
    int64_t count;
    if (st > 0) {
      s = std::min(std::max<int64_t>(s, 0), dim);
      e = std::min(std::max<int64_t>(e, 0), dim);
      count = e > s ? (e - s + st - 1) / st : 0;
    } else {
      s = std::min(std::max<int64_t>(s, 0), dim - 1);
      e = std::min(std::max<int64_t>(e, -1), dim - 1);
      count = s > e ? (s - e + (-st) - 1) / (-st) : 0;
    }
    p.begin[static_cast<size_t>(ax)] = s;
    p.step[static_cast<size_t>(ax)] = st;
    out[static_cast<size_t>(ax)] = count;
  }
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.input->dtype());
  return Status::OK();
}

std::vector<StorageView> StridedSliceOp::Views() const {
  const StridedSliceParam& p = param_;
  for (int64_t st : p.step)
    if (st != 1) return {};
  return BoxView(p.out, p.input, p.begin, p.out->dims().vec());
}

REGISTER_OPERATOR_CPU(strided_slice, StridedSliceOp)

}  // namespace ember
