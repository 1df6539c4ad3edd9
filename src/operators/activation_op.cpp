#include "operators/activation_op.h"

#include "framework/op_registry.h"

namespace ember {

// Paddle lets these attributes come from a tensor at run time instead; Ember reads only the attribute.
static Status RejectTensorAttribute(const OpDesc& op, const char* slot, const char* attr) {
  if (op.HasInput(slot))
    return Unimplemented("input ", slot, " (", attr, " given as a tensor) is not supported; use attribute ", attr);
  return Status::OK();
}

Status ActivationParam::Bind(ParamBinder* b) {
  const OpDesc& op = b->op();
  x = b->Input("X");
  out = b->Output("Out");
  if (op.type == "pow") EMBER_RETURN_IF_ERROR(RejectTensorAttribute(op, "FactorTensor", "factor"));
  if (op.type == "scale") EMBER_RETURN_IF_ERROR(RejectTensorAttribute(op, "ScaleTensor", "scale"));
  if (op.type == "clip") {
    EMBER_RETURN_IF_ERROR(RejectTensorAttribute(op, "Min", "min"));
    EMBER_RETURN_IF_ERROR(RejectTensorAttribute(op, "Max", "max"));
  }
  return ParseActivation(op.type, &b->attrs(), &act);
}

Status ActivationOp::InferShape() {
  bool is_scale = param_.act.type == ActivationType::kScale || param_.act.type == ActivationType::kScaleBiasFirst;
  DataType t = param_.x->dtype();
  if (is_scale) {
    EMBER_CHECK(t == DataType::kFloat32 || t == DataType::kInt32 || t == DataType::kInt64,
                "input X must be float32, int32 or int64, got ", DataTypeName(t));
  } else {
    EMBER_CHECK_DTYPE(param_.x, DataType::kFloat32, "input X");
  }
  param_.out->Resize(param_.x->dims());
  param_.out->set_dtype(t);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(relu, ActivationOp)
REGISTER_OPERATOR_CPU(relu6, ActivationOp)
REGISTER_OPERATOR_CPU(leaky_relu, ActivationOp)
REGISTER_OPERATOR_CPU(sigmoid, ActivationOp)
REGISTER_OPERATOR_CPU(tanh, ActivationOp)
REGISTER_OPERATOR_CPU(swish, ActivationOp)
REGISTER_OPERATOR_CPU(hard_swish, ActivationOp)
REGISTER_OPERATOR_CPU(hard_sigmoid, ActivationOp)
REGISTER_OPERATOR_CPU(gelu, ActivationOp)
REGISTER_OPERATOR_CPU(exp, ActivationOp)
REGISTER_OPERATOR_CPU(log, ActivationOp)
REGISTER_OPERATOR_CPU(sqrt, ActivationOp)
REGISTER_OPERATOR_CPU(abs, ActivationOp)
REGISTER_OPERATOR_CPU(pow, ActivationOp)
REGISTER_OPERATOR_CPU(scale, ActivationOp)
REGISTER_OPERATOR_CPU(clip, ActivationOp)
REGISTER_OPERATOR_CPU(erf, ActivationOp)
REGISTER_OPERATOR_CPU(elu, ActivationOp)
REGISTER_OPERATOR_CPU(selu, ActivationOp)
REGISTER_OPERATOR_CPU(softplus, ActivationOp)
REGISTER_OPERATOR_CPU(softsign, ActivationOp)
REGISTER_OPERATOR_CPU(celu, ActivationOp)
REGISTER_OPERATOR_CPU(thresholded_relu, ActivationOp)

}  // namespace ember
