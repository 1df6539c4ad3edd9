#include "operators/quantize_linear_op.h"

#include "framework/op_registry.h"
#include "operators/var_data_type.h"

namespace ember {

Status ResolveQuantLayout(const DDim& x, const Tensor& scale, const Tensor* zero_point, int64_t quant_axis,
                          int64_t block_size, QuantLayout* L) {
  *L = QuantLayout();
  EMBER_CHECK(block_size >= 0, "attribute block_size must be non-negative, got ", block_size);
  if (zero_point)
    EMBER_CHECK(zero_point->numel() == scale.numel(), "input ZeroPoint ", zero_point->dims().ToString(),
                " does not match input Scale ", scale.dims().ToString());
  if (scale.numel() == 1 && block_size == 0) {
    L->outer = x.numel();
    return Status::OK();
  }
  const int rank = x.size();
  const int64_t axis = quant_axis < 0 ? quant_axis + rank : quant_axis;
  EMBER_CHECK(axis >= 0 && axis < rank, "attribute quant_axis = ", quant_axis, " is out of range for X ",
              x.ToString());
  const int a = static_cast<int>(axis);
  L->per_tensor = false;
  L->outer = x.Product(0, a);
  L->axis_len = x[a];
  L->inner = x.Product(a + 1, rank);
  if (block_size == 0) {
    EMBER_CHECK(scale.numel() == L->axis_len, "input Scale ", scale.dims().ToString(), " needs one value per index of",
                " axis ", a, " of X ", x.ToString());
    return Status::OK();
  }
  // Blocked: Scale has X's dims but ceil(len / block_size) along the axis.
  L->block = block_size;
  const DDim& s = scale.dims();
  bool ok = s.size() == rank;
  for (int i = 0; ok && i < rank; ++i)
    ok = s[i] == (i == a ? (x[a] + block_size - 1) / block_size : x[i]);
  EMBER_CHECK(ok, "input Scale ", s.ToString(), " does not fit X ", x.ToString(), " in blocks of ", block_size,
              " along axis ", a);
  if (zero_point) EMBER_CHECK(zero_point->dims() == s, "input ZeroPoint ", zero_point->dims().ToString(),
                              " does not match input Scale ", s.ToString());
  return Status::OK();
}

Status QuantLinearSlots::BindSlots(ParamBinder* b) {
  x = b->Input("X");
  scale = b->Input("Scale");
  zero_point = b->OptionalInput("ZeroPoint");
  y = b->Output("Y");
  quant_axis = b->attrs().Int("quant_axis", 0);
  bit_length = b->attrs().Int("bit_length", 8);
  qmax = b->attrs().Int("qmax", -1);
  only_observer = b->attrs().Bool("only_observer", false);
  block_size = b->attrs().Int("block_size", 0);
  step_scale = b->attrs().Bool("step_scale", false);
  return Status::OK();
}

Status QuantizeLinearParam::Bind(ParamBinder* b) {
  EMBER_RETURN_IF_ERROR(BindSlots(b));
  round_type = b->attrs().Int("round_type", 0);
  out_dtype = b->attrs().Int("out_dtype", -1);
  return Status::OK();
}

Status QuantizeLinearOp::InferShape() {
  QuantizeLinearParam& p = param_;
  EMBER_CHECK_DTYPE(p.x, DataType::kFloat32, "input X");
  EMBER_CHECK_DTYPE(p.scale, DataType::kFloat32, "input Scale");
  EMBER_CHECK(p.round_type == 0 || p.round_type == 1, "attribute round_type must be 0 (ties to even) or 1 (ties",
              " away from zero), got ", p.round_type);
  EMBER_CHECK(p.bit_length >= 2 && p.bit_length <= 16, "attribute bit_length must be in [2, 16], got ", p.bit_length);
  EMBER_RETURN_IF_ERROR(ResolveQuantLayout(p.x->dims(), *p.scale, p.zero_point, p.quant_axis, p.block_size,
                                           &p.layout));
  p.out_type = DataType::kFloat32;
  if (p.out_dtype >= 0) EMBER_RETURN_IF_ERROR(DataTypeFromVarType(p.out_dtype, "out_dtype", &p.out_type));
  EMBER_CHECK(p.qmax == -1 || p.qmax > 0, "attribute qmax must be positive, got ", p.qmax);
  p.bin = static_cast<float>(p.qmax > 0 ? p.qmax : (1 << (p.bit_length - 1)) - 1);
  const float bin = p.bin;
  EMBER_CHECK(!p.only_observer || p.out_type == DataType::kFloat32, "attribute only_observer needs a float32 Y");
  switch (p.out_type) {
    case DataType::kInt8: p.lo = -128, p.hi = 127; break;
    case DataType::kUInt8: p.lo = 0, p.hi = 255; break;
    // Paddle's float output: round_type 1 clips X to [-Scale, Scale] first, so the range is symmetric.
    case DataType::kFloat32: p.lo = p.round_type == 1 ? -bin : -bin - 1, p.hi = bin; break;
    default:
      return InvalidArgument("attribute out_dtype = ", p.out_dtype, " (", DataTypeName(p.out_type),
                             "): quantize_linear outputs INT8 21, UINT8 20 or FP32 5");
  }
  if (p.zero_point)
    EMBER_CHECK(p.zero_point->dtype() != DataType::kBool && p.zero_point->dtype() != DataType::kFloat16,
                "input ZeroPoint has unsupported element type ", DataTypeName(p.zero_point->dtype()));
  p.y->Resize(p.x->dims());
  p.y->set_dtype(p.out_type);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(quantize_linear, QuantizeLinearOp)

}  // namespace ember
