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

Status ParseFusedActivation(const OpDesc& op, ActivationSpec* spec) {
  AttrReader reader(op);
  std::string type = reader.String("fuse_activation", "");
  EMBER_RETURN_IF_ERROR(reader.status());
  if (type.empty()) {
    spec->type = ActivationType::kNone;
    return Status::OK();
  }
  OpDesc act;  // the activation as a standalone op: fuse_X attributes become X
  act.type = type;
  for (const auto& kv : op.attrs)
    if (kv.first.rfind("fuse_", 0) == 0 && kv.first != "fuse_activation") act.attrs[kv.first.substr(5)] = kv.second;
  AttrReader act_reader(act);
  Status s = ParseActivation(type, &act_reader, spec);
  if (!s.ok()) s.Prepend("op " + op.Describe() + ": fused activation: ");
  return s;
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
