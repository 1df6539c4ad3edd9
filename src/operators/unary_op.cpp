#include "operators/unary_op.h"

#include "framework/op_registry.h"

namespace ember {

bool ParseUnaryType(const std::string& t, UnaryType* type) {
  static const std::pair<const char*, UnaryType> kTypes[] = {
      {"floor", UnaryType::kFloor}, {"ceil", UnaryType::kCeil},   {"round", UnaryType::kRound},
      {"trunc", UnaryType::kTrunc}, {"square", UnaryType::kSquare}, {"rsqrt", UnaryType::kRsqrt},
      {"reciprocal", UnaryType::kReciprocal}, {"sin", UnaryType::kSin}, {"cos", UnaryType::kCos},
      {"tan", UnaryType::kTan},     {"asin", UnaryType::kAsin},   {"acos", UnaryType::kAcos},
      {"atan", UnaryType::kAtan},   {"log10", UnaryType::kLog10}, {"sinh", UnaryType::kSinh},
      {"cosh", UnaryType::kCosh},   {"asinh", UnaryType::kAsinh}, {"acosh", UnaryType::kAcosh},
      {"atanh", UnaryType::kAtanh}, {"sign", UnaryType::kSign},
  };
  for (const auto& kv : kTypes)
    if (t == kv.first) {
      *type = kv.second;
      return true;
    }
  return false;
}

Status UnaryParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  if (!ParseUnaryType(b->op().type, &type)) return Unimplemented("unknown unary op ", b->op().type);
  return Status::OK();
}

Status UnaryOp::InferShape() {
  const UnaryParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  p.out->Resize(p.x->dims());
  p.out->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(floor, UnaryOp)
REGISTER_OPERATOR_CPU(ceil, UnaryOp)
REGISTER_OPERATOR_CPU(round, UnaryOp)
REGISTER_OPERATOR_CPU(trunc, UnaryOp)
REGISTER_OPERATOR_CPU(square, UnaryOp)
REGISTER_OPERATOR_CPU(rsqrt, UnaryOp)
REGISTER_OPERATOR_CPU(reciprocal, UnaryOp)
REGISTER_OPERATOR_CPU(sin, UnaryOp)
REGISTER_OPERATOR_CPU(cos, UnaryOp)
REGISTER_OPERATOR_CPU(tan, UnaryOp)
REGISTER_OPERATOR_CPU(asin, UnaryOp)
REGISTER_OPERATOR_CPU(acos, UnaryOp)
REGISTER_OPERATOR_CPU(atan, UnaryOp)
REGISTER_OPERATOR_CPU(log10, UnaryOp)
REGISTER_OPERATOR_CPU(sinh, UnaryOp)
REGISTER_OPERATOR_CPU(cosh, UnaryOp)
REGISTER_OPERATOR_CPU(asinh, UnaryOp)
REGISTER_OPERATOR_CPU(acosh, UnaryOp)
REGISTER_OPERATOR_CPU(atanh, UnaryOp)
REGISTER_OPERATOR_CPU(sign, UnaryOp)

}  // namespace ember
