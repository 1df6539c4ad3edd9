#include "operators/layer_norm_op.h"

#include "framework/op_registry.h"

namespace ember {

Status LayerNormParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  scale = b->OptionalInput("Scale");
  bias = b->OptionalInput("Bias");
  y = b->Output("Y");
  mean = b->OptionalOutput("Mean");
  variance = b->OptionalOutput("Variance");
  begin_norm_axis = b->attrs().Int("begin_norm_axis", 1);
  epsilon = b->attrs().Float("epsilon", 1e-5f);
  return Status::OK();
}

Status LayerNormOp::InferShape() {
  LayerNormParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK(p.epsilon >= 0, "attribute epsilon must be non-negative, got ", p.epsilon);
  const DDim& x = p.x->dims();
  const bool from_end = p.begin_norm_axis < 0;
  p.axis = from_end ? p.begin_norm_axis + x.size() : p.begin_norm_axis;
  EMBER_CHECK(p.axis >= (from_end ? 0 : 1) && p.axis < x.size(), "attribute begin_norm_axis = ", p.begin_norm_axis,
              " must be in [", from_end ? -x.size() : 1, ", ", x.size(), ") for X ", x.ToString());
  const int axis = static_cast<int>(p.axis);
  const int64_t left = x.Product(0, axis), right = x.Product(axis, x.size());
  for (auto t : {std::make_pair(p.scale, "Scale"), std::make_pair(p.bias, "Bias")}) {
    if (!t.first) continue;
    EMBER_CHECK_DTYPE(t.first, DataType::kFloat32, StrCat("input ", t.second));
    EMBER_CHECK(t.first->numel() == right, "input ", t.second, " must have ", right,
                " values (X ", x.ToString(), " from begin_norm_axis ", axis, "), got ",
                t.first->dims().ToString());
  }
  p.y->Resize(x);
  p.y->set_dtype(DataType::kFloat32);
  for (Tensor* t : {p.mean, p.variance}) {
    if (!t) continue;
    t->Resize(DDim({left}));
    t->set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(layer_norm, LayerNormOp)

}  // namespace ember
