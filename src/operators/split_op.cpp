#include "operators/split_op.h"

#include "framework/op_registry.h"

namespace ember {

Status SplitParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  outs = b->Outputs("Out");
  axis = b->attrs().Int("axis", 0);
  num = b->attrs().Int("num", 0);
  sections = b->attrs().Ints("sections", {});
  for (const char* slot : {"AxisTensor", "SectionsTensorList"})
    if (b->op().HasInput(slot)) return Unimplemented("input ", slot, " is not supported; use the attributes");
  return Status::OK();
}

Status SplitOp::InferShape() {
  SplitParam& p = param_;
  const DDim& in = p.x->dims();
  const int rank = in.size();
  int64_t axis = p.axis < 0 ? p.axis + rank : p.axis;
  EMBER_CHECK(axis >= 0 && axis < rank, "attribute axis ", p.axis, " is out of range for X of shape ", in.ToString());
  p.norm_axis = static_cast<int>(axis);
  const int64_t dim = in[p.norm_axis];
  const int64_t n_out = static_cast<int64_t>(p.outs.size());
  std::vector<int64_t> sizes;
  if (p.num > 0) {
    EMBER_CHECK(p.num == n_out, "attribute num ", p.num, " differs from the number of outputs ", n_out);
    EMBER_CHECK(dim % p.num == 0, "attribute num ", p.num, " does not divide dim ", dim, " of X ", in.ToString());
    sizes.assign(static_cast<size_t>(p.num), dim / p.num);
  } else {
    EMBER_CHECK(static_cast<int64_t>(p.sections.size()) == n_out, "attribute sections ",
                DDim(p.sections).ToString(), " must have one entry per output (", n_out, ")");
    int unknown = -1;
    int64_t known = 0;
    for (size_t i = 0; i < p.sections.size(); ++i) {
      int64_t s = p.sections[i];
      if (s == -1) {
        EMBER_CHECK(unknown < 0, "attribute sections ", DDim(p.sections).ToString(), " has more than one -1");
        unknown = static_cast<int>(i);
      } else {
        EMBER_CHECK(s >= 0, "attribute sections ", DDim(p.sections).ToString(), " has a negative size");
        known += s;
      }
    }
    sizes = p.sections;
    if (unknown >= 0) {
      EMBER_CHECK(known <= dim, "attribute sections ", DDim(p.sections).ToString(), " exceed dim ", dim);
      sizes[static_cast<size_t>(unknown)] = dim - known;
    } else {
      EMBER_CHECK(known == dim, "attribute sections ", DDim(p.sections).ToString(), " sum to ", known,
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

REGISTER_OPERATOR_CPU(split, SplitOp)

}  // namespace ember
