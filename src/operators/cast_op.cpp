#include "operators/cast_op.h"

#include "framework/op_registry.h"
#include "operators/kernel/central-arm-func/cast_func.h"
#include "operators/var_data_type.h"

namespace ember {

Status CastParam::Bind(ParamBinder* b) {
  x = b->Input("X");
  out = b->Output("Out");
  in_dtype = b->attrs().RequiredInt("in_dtype");
  out_dtype = b->attrs().RequiredInt("out_dtype");
  return Status::OK();
}

Status CastOp::InferShape() {
  CastParam& p = param_;
  DataType in_type;
  const int64_t fp16 = static_cast<int64_t>(VarDataType::kFP16), fp32 = static_cast<int64_t>(VarDataType::kFP32);
  EMBER_RETURN_IF_ERROR(DataTypeFromVarType(p.in_dtype == fp16 ? fp32 : p.in_dtype, "in_dtype", &in_type));
  p.round_to_half = p.out_dtype == fp16;
  EMBER_RETURN_IF_ERROR(DataTypeFromVarType(p.round_to_half ? fp32 : p.out_dtype, "out_dtype", &p.out_type));
  EMBER_CHECK(VisitDataType(p.x->dtype(), [](auto) {}), "input X has unsupported element type ",
              DataTypeName(p.x->dtype()));
  p.out->Resize(p.x->dims());
  p.out->set_dtype(p.out_type);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(cast, CastOp)

}  // namespace ember
