#include "operators/dequantize_linear_op.h"

#include "framework/op_registry.h"

namespace ember {

Status DequantizeLinearParam::Bind(ParamBinder* b) { return BindSlots(b); }

Status DequantizeLinearOp::InferShape() {
  DequantizeLinearParam& p = param_;
  const DataType t = p.x->dtype();
  EMBER_CHECK(t == DataType::kInt8 || t == DataType::kUInt8 || t == DataType::kInt32 || t == DataType::kFloat32,
              "input X must be int8, uint8, int32 or float32, got ", DataTypeName(t));
  EMBER_CHECK_DTYPE(p.scale, DataType::kFloat32, "input Scale");
  EMBER_CHECK(p.bit_length >= 2 && p.bit_length <= 16, "attribute bit_length must be in [2, 16], got ", p.bit_length);
  EMBER_CHECK(p.qmax == -1 || p.qmax > 0, "attribute qmax must be positive, got ", p.qmax);
  p.range = static_cast<float>(p.qmax > 0 ? p.qmax : (1 << (p.bit_length - 1)) - 1);
  EMBER_CHECK(!p.only_observer || t == DataType::kFloat32, "attribute only_observer needs a float32 X, got ",
              DataTypeName(t));
  if (p.zero_point)
    EMBER_CHECK(p.zero_point->dtype() != DataType::kBool && p.zero_point->dtype() != DataType::kFloat16,
                "input ZeroPoint has unsupported element type ", DataTypeName(p.zero_point->dtype()));
  EMBER_RETURN_IF_ERROR(ResolveQuantLayout(p.x->dims(), *p.scale, p.zero_point, p.quant_axis, p.block_size,
                                           &p.layout));
  p.y->Resize(p.x->dims());
  p.y->set_dtype(DataType::kFloat32);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(dequantize_linear, DequantizeLinearOp)

}  // namespace ember
