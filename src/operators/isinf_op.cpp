#include "operators/isinf_op.h"

#include "framework/op_registry.h"

namespace ember {

Status IsInfParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  nan = b->op().type == "isnan_v2";
  positive = b->attrs().Bool("detect_positive", true);
  negative = b->attrs().Bool("detect_negative", true);
  return Status::OK();
}

Status IsInfOp::InferShape() {
  EMBER_CHECK_DTYPE(param_.x, DataType::kFloat32, "input X");
  param_.out->Resize(param_.x->dims());
  param_.out->set_dtype(DataType::kBool);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(isinf_v2, IsInfOp)
REGISTER_OPERATOR_CPU(isnan_v2, IsInfOp)

}  // namespace ember
