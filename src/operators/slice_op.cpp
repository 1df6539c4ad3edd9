#include "operators/slice_op.h"

#include <algorithm>

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status SliceParam::Bind(ParamBinder* b) {
  input = b->Input("Input");
  starts_tensor = b->OptionalInput("StartsTensor");
  ends_tensor = b->OptionalInput("EndsTensor");
  out = b->Output("Out");
  axes = b->attrs().Ints("axes", {});
  starts = b->attrs().Ints("starts", {});
  ends = b->attrs().Ints("ends", {});
  decrease_axis = b->attrs().Ints("decrease_axis", {});
  b->attrs().Ints("infer_flags", {});  // compile-time hints only: the shape is always inferred from values
  for (const char* slot : {"StartsTensorList", "EndsTensorList"})
    if (b->op().HasInput(slot)) return Unimplemented("input ", slot, " is not supported");
  return Status::OK();
}

Status SliceOp::InferShape() {
  SliceParam& p = param_;
  const DDim& in = p.input->dims();
  const int rank = in.size();
  std::vector<int64_t> starts = p.starts, ends = p.ends;
  if (p.starts_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.starts_tensor, "input StartsTensor", &starts));
  if (p.ends_tensor) EMBER_RETURN_IF_ERROR(ReadIntTensor(p.ends_tensor, "input EndsTensor", &ends));
  EMBER_CHECK(starts.size() == p.axes.size() && ends.size() == p.axes.size(), "starts ",
              DDim(starts).ToString(), " and ends ", DDim(ends).ToString(), " must match attribute axes ",
              DDim(p.axes).ToString(), " in length");
  p.begin.assign(static_cast<size_t>(rank), 0);
  p.size = in.vec();
  for (size_t i = 0; i < p.axes.size(); ++i) {
    int64_t a = p.axes[i] < 0 ? p.axes[i] + rank : p.axes[i];
    EMBER_CHECK(a >= 0 && a < rank, "attribute axes has ", p.axes[i], ", out of range for Input of shape ",
                in.ToString());
    const int64_t dim = in[static_cast<int>(a)];
    int64_t s = starts[i] < 0 ? starts[i] + dim : starts[i];
    int64_t e = ends[i] < 0 ? ends[i] + dim : ends[i];
    s = std::min(std::max<int64_t>(s, 0), dim);
    e = std::min(std::max<int64_t>(e, 0), dim);
    p.begin[static_cast<size_t>(a)] = s;
    p.size[static_cast<size_t>(a)] = std::max<int64_t>(e - s, 0);
  }
  std::vector<bool> drop(static_cast<size_t>(rank), false);
  for (int64_t d : p.decrease_axis) {
    int64_t a = d < 0 ? d + rank : d;
    EMBER_CHECK(a >= 0 && a < rank, "attribute decrease_axis has ", d, ", out of range for rank ", rank);
    EMBER_CHECK(p.size[static_cast<size_t>(a)] == 1, "attribute decrease_axis drops dim ", d,
                ", whose slice has size ", p.size[static_cast<size_t>(a)], ", not 1");
    drop[static_cast<size_t>(a)] = true;
  }
  std::vector<int64_t> out;
  for (int i = 0; i < rank; ++i)
    if (!drop[static_cast<size_t>(i)]) out.push_back(p.size[static_cast<size_t>(i)]);
  if (out.empty()) out.push_back(1);
  p.out->Resize(DDim(out));
  p.out->set_dtype(p.input->dtype());
  return Status::OK();
}

// The box is one run of the input's bytes when it takes single indices before some dim, a range of it,
// and every index after it. With StartsTensor/EndsTensor the box may move at the same shapes: the Executor
// asks again on every run and copies when it has.
std::vector<StorageView> SliceOp::Views() const {
  const SliceParam& p = param_;
  return BoxView(p.out, p.input, p.begin, p.size);
}

REGISTER_OPERATOR_CPU(slice, SliceOp)

}  // namespace ember
