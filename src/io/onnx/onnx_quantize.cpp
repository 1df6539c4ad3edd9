// ONNX converters for quantization: QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear, MatMulInteger,
// ConvInteger, QLinearMatMul, QLinearConv. Plain reference computation: quantize_linear / dequantize_linear
// (with step_scale, ONNX's meaning of Scale) and the exact integer matmul_integer and conv2d_integer, the
// QLinear ops requantizing their int32 results as ONNX's reference does.
#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"
#include "io/onnx/tensor_proto.h"

namespace ember {

namespace {

// The integer type of a quantized value: the zero point's type when given (and known), else the ONNX
// output_dtype attribute (0: absent), else `def`. Ember holds int8 and uint8 only.
Status QuantizedType(OnnxContext& c, const std::string& zero_point, int64_t output_dtype, DataType def,
                     DataType* out) {
  *out = def;
  if (output_dtype != 0) {
    if (output_dtype != kOnnxInt8 && output_dtype != kOnnxUInt8)
      return c.Fail(StrCat("output_dtype ", OnnxTypeName(static_cast<int>(output_dtype)), " (", output_dtype,
                           ") is not supported: Ember quantizes to INT8 and UINT8"));
    *out = output_dtype == kOnnxInt8 ? DataType::kInt8 : DataType::kUInt8;
  }
  if (!zero_point.empty() && c.HasType(zero_point)) *out = c.TypeOf(zero_point);
  if (*out != DataType::kInt8 && *out != DataType::kUInt8)
    return c.Fail(StrCat("zero point ", Quote(zero_point), " is ", DataTypeName(*out),
                         "; Ember quantizes to int8 and uint8"));
  return Status::OK();
}

// A float32 constant of one value, dims [1].
Status Scalar(OnnxContext& c, const std::string& base, float v, std::string* name) {
  *name = c.Temp(base);
  Tensor t(DataType::kFloat32, DDim({1}));
  *t.mutable_data<float>() = v;
  return c.AddWeight(*name, t);
}

// out = x `type` y (elementwise, numpy broadcasting), float32.
// axis: Paddle's alignment of y's dims in x's (-1: numpy's, right-aligned).
std::string Binary(OnnxContext& c, const std::string& type, const std::string& x, const std::string& y,
                   const std::string& base, int64_t axis = -1) {
  std::string out = c.Temp(base);
  c.SetType(out, DataType::kFloat32);
  c.AddOp(type, {{"X", {x}}, {"Y", {y}}}, {{"Out", {out}}}, {{"axis", Attribute::Int(axis)}});
  return out;
}

// `name` rounded to float16 precision when `half` (a value ONNX computes in float16; Ember holds float32).
std::string HalfRound(OnnxContext& c, const std::string& name, bool half) {
  if (!half) return name;
  std::string out = c.Temp(name);
  c.SetType(out, DataType::kFloat32);
  c.AddOp("cast", {{"X", {name}}}, {{"Out", {out}}},
          {{"in_dtype", Attribute::Int(static_cast<int>(VarDataType::kFP32))},
           {"out_dtype", Attribute::Int(static_cast<int>(VarDataType::kFP16))}});
  return out;
}

void EmitQuantize(OnnxContext& c, const std::string& x, const std::string& scale, const std::string& zp,
                  const std::string& y, DataType type, int64_t axis = 1, int64_t block = 0) {
  OpDesc::Slots ins = {{"X", {x}}, {"Scale", {scale}}};
  if (!zp.empty()) ins.push_back({"ZeroPoint", {zp}});
  c.SetType(y, type);
  c.AddOp("quantize_linear", ins, {{"Y", {y}}},
          {{"quant_axis", Attribute::Int(axis)}, {"block_size", Attribute::Int(block)},
           {"out_dtype", Attribute::Int(VarDataTypeOf(type))}, {"step_scale", Attribute::Bool(true)}});
}

void EmitDequantize(OnnxContext& c, const std::string& x, const std::string& scale, const std::string& zp,
                    const std::string& y, int64_t axis = 1, int64_t block = 0) {
  OpDesc::Slots ins = {{"X", {x}}, {"Scale", {scale}}};
  if (!zp.empty()) ins.push_back({"ZeroPoint", {zp}});
  c.SetType(y, DataType::kFloat32);
  c.AddOp("dequantize_linear", ins, {{"Y", {y}}},
          {{"quant_axis", Attribute::Int(axis)}, {"block_size", Attribute::Int(block)},
           {"step_scale", Attribute::Bool(true)}});
}

Status ConvertQuantizeLinear(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  DataType type;
  EMBER_RETURN_IF_ERROR(QuantizedType(c, c.In(2), a.Int("output_dtype", 0), DataType::kUInt8, &type));
  a.Ignore({"saturate"});  // float8 outputs only, which Ember refuses
  const int64_t precision = a.Int("precision", 0);
  if (precision != 0 && precision != kOnnxFloat)
    return a.Unsupported("precision", StrCat(OnnxTypeName(static_cast<int>(precision)), " (", precision,
                                             "): Ember divides in float32"));
  const int64_t axis = NormAxis(a.Int("axis", 1), c.Rank(c.In(0)));
  EmitQuantize(c, c.In(0), c.In(1), c.In(2), c.Out(0), type, axis, a.Int("block_size", 0));
  return Status::OK();
}

Status ConvertDequantizeLinear(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  const int64_t out_type = a.Int("output_dtype", 0);
  if (out_type != 0 && out_type != kOnnxFloat && out_type != kOnnxFloat16)
    return a.Unsupported("output_dtype", StrCat(OnnxTypeName(static_cast<int>(out_type)), " (", out_type,
                                                "): Ember dequantizes to float32"));
  const DataType in = c.TypeOf(c.In(0), DataType::kInt8);
  if (in != DataType::kInt8 && in != DataType::kUInt8 && in != DataType::kInt32)
    return c.Fail(StrCat("input ", Quote(c.In(0)), " is ", DataTypeName(in), "; Ember dequantizes int8, uint8 and",
                         " int32"));
  const int64_t axis = NormAxis(a.Int("axis", 1), c.Rank(c.In(0)));
  // A float16 scale makes ONNX compute and output float16: round the float32 result to it.
  const bool half = c.IsHalf(c.In(1)) || out_type == kOnnxFloat16;
  const std::string y = half ? c.Temp(c.Out(0)) : c.Out(0);
  EmitDequantize(c, c.In(0), c.In(1), c.In(2), y, axis, a.Int("block_size", 0));
  if (half) {
    c.AddOp("cast", {{"X", {y}}}, {{"Out", {c.Out(0)}}},
            {{"in_dtype", Attribute::Int(static_cast<int>(VarDataType::kFP32))},
             {"out_dtype", Attribute::Int(static_cast<int>(VarDataType::kFP16))}});
    c.SetType(c.Out(0), DataType::kFloat32);
    c.SetHalf(c.Out(0));
  }
  return Status::OK();
}

// [1] -> [] (gather element 0 with a scalar index), for the scalar outputs ONNX gives.
Status ToScalar(OnnxContext& c, const std::string& x, const std::string& y, DataType type) {
  std::string zero = c.Temp(y);
  Tensor z(DataType::kInt64, DDim(std::vector<int64_t>{}));
  *z.mutable_data<int64_t>() = 0;
  EMBER_RETURN_IF_ERROR(c.AddWeight(zero, z));
  c.SetType(y, type);
  c.AddOp("gather", {{"X", {x}}, {"Index", {zero}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(0)}});
  return Status::OK();
}

// ONNX's formula: scale = (max(x, 0) - min(x, 0)) / 255, zero point = saturate(round(0 - min / scale)),
// y = saturate(round(x / scale) + zero point), all uint8.
Status ConvertDynamicQuantizeLinear(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string x = c.In(0);
  std::string zero, n255;
  EMBER_RETURN_IF_ERROR(Scalar(c, x + "@zero", 0.f, &zero));
  EMBER_RETURN_IF_ERROR(Scalar(c, x + "@qmax", 255.f, &n255));
  std::string ext[2];
  const char* types[2] = {"reduce_min", "reduce_max"};
  for (int i = 0; i < 2; ++i) {
    std::string r = c.Temp(x);
    c.SetType(r, DataType::kFloat32);
    c.AddOp(types[i], {{"X", {x}}}, {{"Out", {r}}},
            {{"dim", Attribute::Ints({0})}, {"keep_dim", Attribute::Bool(false)},
             {"reduce_all", Attribute::Bool(true)}});
    ext[i] = Binary(c, i == 0 ? "elementwise_min" : "elementwise_max", r, zero, x);
  }
  const std::string scale = Binary(c, "elementwise_div", Binary(c, "elementwise_sub", ext[1], ext[0], x), n255, x);
  const std::string shifted = Binary(c, "elementwise_sub", zero, Binary(c, "elementwise_div", ext[0], scale, x), x);
  std::string clipped = c.Temp(x), rounded = c.Temp(x), zp = c.Temp(x);
  c.AddOp("clip", {{"X", {shifted}}}, {{"Out", {clipped}}},
          {{"min", Attribute::Float(0.f)}, {"max", Attribute::Float(255.f)}});
  c.AddOp("round", {{"X", {clipped}}}, {{"Out", {rounded}}});
  c.AddCast(rounded, DataType::kFloat32, zp, DataType::kUInt8);
  EmitQuantize(c, x, scale, zp, c.Out(0), DataType::kUInt8);
  if (!c.Out(1).empty()) EMBER_RETURN_IF_ERROR(ToScalar(c, scale, c.Out(1), DataType::kFloat32));
  if (!c.Out(2).empty()) EMBER_RETURN_IF_ERROR(ToScalar(c, zp, c.Out(2), DataType::kUInt8));
  return Status::OK();
}

// out (int32) = (a - a_zp) x (b - b_zp), exact.
void EmitMatMulInteger(OnnxContext& c, const std::string& a, const std::string& a_zp, const std::string& b,
                       const std::string& b_zp, const std::string& out) {
  OpDesc::Slots ins = {{"X", {a}}, {"Y", {b}}};
  if (!a_zp.empty()) ins.push_back({"XZeroPoint", {a_zp}});
  if (!b_zp.empty()) ins.push_back({"YZeroPoint", {b_zp}});
  c.SetType(out, DataType::kInt32);
  c.AddOp("matmul_integer", ins, {{"Out", {out}}});
}

Status ConvertMatMulInteger(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  EmitMatMulInteger(c, c.In(0), c.In(2), c.In(1), c.In(3), c.Out(0));
  return Status::OK();
}

// As ONNX's reference: the exact integer product times a_scale * b_scale / y_scale, then rounded (ties to
// even) plus y_zero_point, saturated.
Status ConvertQLinearMatMul(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(8));
  const std::string y = c.Out(0);
  DataType type;
  EMBER_RETURN_IF_ERROR(QuantizedType(c, c.In(7), 0, c.TypeOf(c.In(0), DataType::kUInt8), &type));
  const std::string prod = c.Temp(y), prod_f = c.Temp(y);
  EmitMatMulInteger(c, c.In(0), c.In(2), c.In(3), c.In(5), prod);
  c.AddCast(prod, DataType::kInt32, prod_f, DataType::kFloat32);
  // float16 scales: ONNX multiplies and divides them in float16.
  const bool half = c.IsHalf(c.In(1)) || c.IsHalf(c.In(4)) || c.IsHalf(c.In(6));
  const std::string ab = HalfRound(c, Binary(c, "elementwise_mul", c.In(1), c.In(4), y), half);
  const std::string mult = HalfRound(c, Binary(c, "elementwise_div", ab, c.In(6), y), half);
  std::string one;
  EMBER_RETURN_IF_ERROR(Scalar(c, y + "@one", 1.f, &one));
  EmitQuantize(c, Binary(c, "elementwise_mul", prod_f, mult, y), one, c.In(7), y, type);
  return Status::OK();
}

// As ONNX's reference: the exact integer convolution of the centered x and w (conv2d_integer, Conv's
// attributes) plus the int32 bias B, times x_scale * w_scale / y_scale (per output channel when w_scale is),
// then rounded (ties to even) plus y_zero_point, saturated.
Status ConvertQLinearConv(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(8));
  const std::string y = c.Out(0);
  DataType type;
  EMBER_RETURN_IF_ERROR(QuantizedType(c, c.In(7), 0, c.TypeOf(c.In(0), DataType::kUInt8), &type));
  onnx::NodeProto conv = c.node();
  conv.set_op_type("ConvInteger");
  conv.clear_input();
  conv.clear_output();
  for (int i : {0, 3, 2, 5}) conv.add_input(c.In(i));
  const std::string acc = c.Temp(y), acc_f = c.Temp(y);
  conv.add_output(acc);
  EMBER_RETURN_IF_ERROR(c.ConvertInner(conv, ConvertConv));
  c.AddCast(acc, DataType::kInt32, acc_f, DataType::kFloat32);
  std::string sum = acc_f;
  if (!c.In(8).empty()) {  // B's values are integers far below 2^24 in practice: exact in float32
    const std::string bias_f = c.Temp(c.In(8));
    c.AddCast(c.In(8), DataType::kInt32, bias_f, DataType::kFloat32);
    sum = Binary(c, "elementwise_add", acc_f, bias_f, y, 1);
  }
  const bool half = c.IsHalf(c.In(1)) || c.IsHalf(c.In(4)) || c.IsHalf(c.In(6));
  const std::string xw = HalfRound(c, Binary(c, "elementwise_mul", c.In(4), c.In(1), y), half);
  const std::string mult = HalfRound(c, Binary(c, "elementwise_div", xw, c.In(6), y), half);
  std::string one;
  EMBER_RETURN_IF_ERROR(Scalar(c, y + "@one", 1.f, &one));
  EmitQuantize(c, Binary(c, "elementwise_mul", sum, mult, y, 1), one, c.In(7), y, type);
  return Status::OK();
}

// conv2d_integer, exact: Conv's attributes and geometry (ConvertConv's integer branch).
Status ConvertConvInteger(OnnxContext& c) { return ConvertConv(c); }

}  // namespace

const std::vector<OnnxConverter>& OnnxQuantizeConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"QuantizeLinear", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "QuantizeLinear", ConvertQuantizeLinear)},
      {"DequantizeLinear", 10, kOnnxMaxOpset,
       EMBER_KEPT_CONVERTER("onnx", "DequantizeLinear", ConvertDequantizeLinear)},
      {"DynamicQuantizeLinear", 11, kOnnxMaxOpset,
       EMBER_KEPT_CONVERTER("onnx", "DynamicQuantizeLinear", ConvertDynamicQuantizeLinear)},
      {"MatMulInteger", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "MatMulInteger", ConvertMatMulInteger)},
      {"ConvInteger", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ConvInteger", ConvertConvInteger)},
      {"QLinearMatMul", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "QLinearMatMul", ConvertQLinearMatMul)},
      {"QLinearConv", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "QLinearConv", ConvertQLinearConv)},
  };
  return rows;
}

}  // namespace ember
