#include "operators/compare_op.h"

#include "framework/op_registry.h"
#include "operators/kernel/central-arm-func/broadcast_func.h"

namespace ember {

Status CompareParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  y = b->Input("Y");
  out = b->Output("Out");
  int64_t axis = b->attrs().Int("axis", -1);
  if (axis != -1) return Unimplemented("attribute axis = ", axis, " is not supported (only -1, numpy broadcasting)");
  const std::string& t = b->op().type;
  if (t == "equal") type = CompareType::kEqual;
  else if (t == "not_equal") type = CompareType::kNotEqual;
  else if (t == "less_than") type = CompareType::kLess;
  else if (t == "less_equal") type = CompareType::kLessEqual;
  else if (t == "greater_than") type = CompareType::kGreater;
  else if (t == "greater_equal") type = CompareType::kGreaterEqual;
  else if (t == "logical_and") type = CompareType::kAnd;
  else if (t == "logical_or") type = CompareType::kOr;
  else if (t == "logical_xor") type = CompareType::kXor;
  else return Unimplemented("op type ", t, " is not a comparison");
  return Status::OK();
}

Status CompareOp::InferShape() {
  CompareParam& p = param_;
  const DataType dt = p.x->dtype();
  EMBER_CHECK(dt == DataType::kFloat32 || dt == DataType::kInt32 || dt == DataType::kInt64 || dt == DataType::kBool ||
                  dt == DataType::kInt8 || dt == DataType::kUInt8,
              "X must be float32, int32, int64, int8, uint8 or bool, got ", DataTypeName(dt));
  if (p.type == CompareType::kAnd || p.type == CompareType::kOr || p.type == CompareType::kXor)
    EMBER_CHECK(dt == DataType::kBool, "logical ops take bool inputs, got ", DataTypeName(dt));
  EMBER_CHECK(p.y->dtype() == dt, "Y must have X's dtype ", DataTypeName(dt), ", got ", DataTypeName(p.y->dtype()));
  DDim out;
  EMBER_RETURN_IF_ERROR(BroadcastDims({p.x->dims(), p.y->dims()}, &out));
  p.out->Resize(out);
  p.out->set_dtype(DataType::kBool);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(equal, CompareOp)
REGISTER_OPERATOR_CPU(not_equal, CompareOp)
REGISTER_OPERATOR_CPU(less_than, CompareOp)
REGISTER_OPERATOR_CPU(less_equal, CompareOp)
REGISTER_OPERATOR_CPU(greater_than, CompareOp)
REGISTER_OPERATOR_CPU(greater_equal, CompareOp)
REGISTER_OPERATOR_CPU(logical_and, CompareOp)
REGISTER_OPERATOR_CPU(logical_or, CompareOp)
REGISTER_OPERATOR_CPU(logical_xor, CompareOp)

}  // namespace ember
