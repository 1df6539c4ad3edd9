#include "operators/instance_norm_op.h"

#include "framework/op_registry.h"

namespace ember {

Status InstanceNormParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  scale = b->OptionalInput("Scale");
  bias = b->OptionalInput("Bias");
  y = b->Output("Y");
  saved_mean = b->OptionalOutput("SavedMean");
  saved_variance = b->OptionalOutput("SavedVariance");
  epsilon = b->attrs().Float("epsilon", 1e-5f);
  return Status::OK();
}

Status InstanceNormOp::InferShape() {
  InstanceNormParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK(p.epsilon >= 0, "attribute epsilon must be non-negative, got ", p.epsilon);
  const DDim& x = p.x->dims();
  EMBER_CHECK(x.size() >= 2 && x.size() <= 5, "input X must have rank 2 to 5, got ", x.ToString());
  for (auto t : {std::make_pair(p.scale, "Scale"), std::make_pair(p.bias, "Bias")}) {
    if (!t.first) continue;
    EMBER_CHECK_DTYPE(t.first, DataType::kFloat32, StrCat("input ", t.second));
    EMBER_CHECK(t.first->dims().size() == 1 && t.first->numel() == x[1], "input ", t.second, " must be [", x[1],
                "] (the channels of X ", x.ToString(), "), got ", t.first->dims().ToString());
  }
  p.y->Resize(x);
  p.y->set_dtype(DataType::kFloat32);
  for (Tensor* t : {p.saved_mean, p.saved_variance}) {
    if (!t) continue;
    t->Resize(DDim({x[0] * x[1]}));
    t->set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

REGISTER_OPERATOR_CPU(instance_norm, InstanceNormOp)

}  // namespace ember
