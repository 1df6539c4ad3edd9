#include "operators/activation_op.h"

#include "framework/op_registry.h"

namespace ember {

Status ParseActivation(const std::string& op_type, AttrReader* attrs, ActivationSpec* spec) {
  (void)attrs;
  if (op_type == "relu") {
    spec->type = ActivationType::kRelu;
  } else {
    return Unimplemented("unknown activation ", op_type);
  }
  return attrs->status();
}

Status ActivationParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  return ParseActivation(b->op().type, &b->attrs(), &act);
}

Status ActivationOp::InferShape() {
  EMBER_CHECK_DTYPE(param_.x, DataType::kFloat32, "input X");
  param_.out->Resize(param_.x->dims());
  param_.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(relu, ActivationOp)

}  // namespace ember
