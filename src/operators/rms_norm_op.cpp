#include "operators/rms_norm_op.h"

#include "framework/op_registry.h"

namespace ember {

Status RmsNormParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  scale = b->OptionalInput("Scale");
  y = b->Output("Y");
  begin_norm_axis = b->attrs().Int("begin_norm_axis", -1);
  epsilon = b->attrs().Float("epsilon", 1e-5f);
  return Status::OK();
}

namespace {

// The scale's values over one row of `norm` (X's dims from the axis on), broadcasting its dims right-aligned.
Status SpreadScale(const Tensor& scale, const DDim& norm, std::vector<float>* row) {
  const DDim& s = scale.dims();
  EMBER_CHECK(s.size() <= norm.size(), "input Scale ", s.ToString(), " has more dims than the normalized ",
              norm.ToString());
  const int off = norm.size() - s.size();
  for (int i = 0; i < s.size(); ++i)
    EMBER_CHECK(s[i] == norm[off + i] || s[i] == 1, "input Scale ", s.ToString(),
                " does not broadcast to the normalized dims ", norm.ToString());
  row->resize(static_cast<size_t>(norm.numel()));
  const float* v = scale.data<float>();
  for (int64_t k = 0; k < norm.numel(); ++k) {
    int64_t rest = k, at = 0, stride = 1;
    for (int i = norm.size() - 1; i >= off; --i) {
      const int64_t idx = rest % norm[i];
      rest /= norm[i];
      if (s[i - off] != 1) at += idx * stride;
      stride *= s[i - off];
    }
    (*row)[static_cast<size_t>(k)] = v[at];
  }
  return Status::OK();
}

}  // namespace

Status RmsNormOp::InferShape() {
  RmsNormParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK(p.epsilon >= 0, "attribute epsilon must be non-negative, got ", p.epsilon);
  const DDim& x = p.x->dims();
  const int64_t axis = p.begin_norm_axis < 0 ? p.begin_norm_axis + x.size() : p.begin_norm_axis;
  EMBER_CHECK(axis >= 0 && axis < x.size(), "attribute begin_norm_axis = ", p.begin_norm_axis,
              " is out of range for X ",
              x.ToString());
  const int a = static_cast<int>(axis);
  p.left = x.Product(0, a);
  p.right = x.Product(a, x.size());
  p.scale_row.clear();
  if (p.scale) {
    EMBER_CHECK_DTYPE(p.scale, DataType::kFloat32, "input Scale");
    if (p.scale->numel() != p.right || p.scale->dims().size() > x.size() - a)
      EMBER_RETURN_IF_ERROR(SpreadScale(*p.scale, DDim(std::vector<int64_t>(x.vec().begin() + a, x.vec().end())),
                                        &p.scale_row));
  }
  p.y->Resize(x);
  p.y->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(rms_norm, RmsNormOp)

}  // namespace ember
