#include "operators/split_op.h"

#include <string>

#include "framework/op_registry.h"
#include "operators/reshape_op.h"

namespace ember {

Status SplitParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  outs = b->Outputs("Out");
  axis = b->attrs().Int("axis", 0);
  num = b->attrs().Int("num", 0);
  uneven_num = b->attrs().Bool("uneven_num", false);
  sections = b->attrs().Ints("sections", {});
  axis_tensor = b->OptionalInput("AxisTensor");
  if (b->op().HasInput("SectionsTensorList")) sections_tensors = b->Inputs("SectionsTensorList");
  return Status::OK();
}

Status SplitOp::InferShape() {
  SplitParam& p = param_;
  const DDim& in = p.x->dims();
  const int rank = in.size();
  int64_t axis = p.axis;
  if (p.axis_tensor) {
    std::vector<int64_t> v;
    EMBER_RETURN_IF_ERROR(ReadIntTensor(p.axis_tensor, "input AxisTensor", &v));
    EMBER_CHECK(v.size() == 1, "input AxisTensor must hold one value, got shape ", p.axis_tensor->dims().ToString());
    axis = v[0];
  }
  const int64_t axis_given = axis;
  if (axis < 0) axis += rank;
  EMBER_CHECK(axis >= 0 && axis < rank, "axis ", axis_given, " is out of range for X of shape ", in.ToString());
  std::vector<int64_t> sections = p.sections;
  int64_t num = p.num;
  std::string what = "attribute sections";
  if (!p.sections_tensors.empty()) {
    num = 0;
    what = "input SectionsTensorList";
    if (p.sections_tensors.size() == 1) {
      EMBER_RETURN_IF_ERROR(ReadIntTensor(p.sections_tensors[0], "input SectionsTensorList", &sections));
    } else {
      EMBER_RETURN_IF_ERROR(ReadIntTensorList(p.sections_tensors, "input SectionsTensorList", &sections));
    }
  }
  p.norm_axis = static_cast<int>(axis);
  const int64_t dim = in[p.norm_axis];
  const int64_t n_out = static_cast<int64_t>(p.outs.size());
  std::vector<int64_t> sizes;
  if (num > 0) {
    EMBER_CHECK(num == n_out, "attribute num ", num, " differs from the number of outputs ", n_out);
    if (p.uneven_num && dim % num != 0) {
      const int64_t part = (dim + num - 1) / num;
      EMBER_CHECK(part * (num - 1) < dim, "attribute num ", num, " leaves the last part of dim ", dim,
                  " of X ", in.ToString(), " empty");
      sizes.assign(static_cast<size_t>(num), part);
      sizes.back() = dim - part * (num - 1);
    } else {
      EMBER_CHECK(dim % num == 0, "attribute num ", num, " does not divide dim ", dim, " of X ", in.ToString());
      sizes.assign(static_cast<size_t>(num), dim / num);
    }
  } else {
    EMBER_CHECK(static_cast<int64_t>(sections.size()) == n_out, what, " ",
                DDim(sections).ToString(), " must have one entry per output (", n_out, ")");
    int unknown = -1;
    int64_t known = 0;
    for (size_t i = 0; i < sections.size(); ++i) {
      int64_t s = sections[i];
      if (s == -1) {
        EMBER_CHECK(unknown < 0, what, " ", DDim(sections).ToString(), " has more than one -1");
        unknown = static_cast<int>(i);
      } else {
        EMBER_CHECK(s >= 0, what, " ", DDim(sections).ToString(), " has a negative size");
        known += s;
      }
    }
    sizes = sections;
    if (unknown >= 0) {
      EMBER_CHECK(known <= dim, what, " ", DDim(sections).ToString(), " exceed dim ", dim);
      sizes[static_cast<size_t>(unknown)] = dim - known;
    } else {
      EMBER_CHECK(known == dim, what, " ", DDim(sections).ToString(), " sum to ", known,
                  ", not to dim ", dim, " of X ", in.ToString());
    }
  }
  for (size_t i = 0; i < p.outs.size(); ++i) {
    DDim d = in;
    d[p.norm_axis] = sizes[i];
    p.outs[i]->Resize(d);
    p.outs[i]->set_dtype(p.x->dtype());
  }
  return Status::OK();
}

// With nothing before the axis but size-1 dims, each output is one run of the input's bytes. Not when
// the axis or the sections come from tensors: they may move the runs between runs at the same shapes.
std::vector<StorageView> SplitOp::Views() const {
  const SplitParam& p = param_;
  if (p.axis_tensor || !p.sections_tensors.empty() || p.x->dims().Product(0, p.norm_axis) != 1) return {};
  std::vector<StorageView> views;
  size_t offset = 0;
  for (const Tensor* o : p.outs) {
    views.push_back({o, p.x, offset});
    offset += o->nbytes();
  }
  return views;
}

REGISTER_OPERATOR_CPU(split, SplitOp)

}  // namespace ember
