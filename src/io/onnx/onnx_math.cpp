// ONNX converters for math: activations and other unary ops, Clip, PRelu, the elementwise binary ops,
// comparisons and logic, MatMul / Gemm, Softmax, reductions, ArgMax / ArgMin, CumSum.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>

#include "io/converter_selection.h"
#include "io/onnx/onnx_context.h"
#include "io/onnx/tensor_proto.h"

namespace ember {

namespace {

// --- activations (the activation family): input 0 through one Ember op.
Status ConvertRelu(OnnxContext& c) { return c.EmitUnary("relu"); }
Status ConvertSigmoid(OnnxContext& c) { return c.EmitUnary("sigmoid"); }
Status ConvertTanh(OnnxContext& c) { return c.EmitUnary("tanh"); }
Status ConvertExp(OnnxContext& c) { return c.EmitUnary("exp"); }
Status ConvertLog(OnnxContext& c) { return c.EmitUnary("log"); }
Status ConvertSqrt(OnnxContext& c) { return c.EmitUnary("sqrt"); }
Status ConvertAbs(OnnxContext& c) { return c.EmitUnary("abs"); }
Status ConvertErf(OnnxContext& c) { return c.EmitUnary("erf"); }
Status ConvertSoftsign(OnnxContext& c) { return c.EmitUnary("softsign"); }
Status ConvertFloor(OnnxContext& c) { return c.EmitUnary("floor"); }
Status ConvertCeil(OnnxContext& c) { return c.EmitUnary("ceil"); }
Status ConvertRound(OnnxContext& c) { return c.EmitUnary("round"); }
Status ConvertReciprocal(OnnxContext& c) { return c.EmitUnary("reciprocal"); }
Status ConvertSin(OnnxContext& c) { return c.EmitUnary("sin"); }
Status ConvertSinh(OnnxContext& c) { return c.EmitUnary("sinh"); }
Status ConvertCosh(OnnxContext& c) { return c.EmitUnary("cosh"); }
Status ConvertAsinh(OnnxContext& c) { return c.EmitUnary("asinh"); }
Status ConvertAcosh(OnnxContext& c) { return c.EmitUnary("acosh"); }
Status ConvertAtanh(OnnxContext& c) { return c.EmitUnary("atanh"); }
Status ConvertSign(OnnxContext& c) { return c.EmitUnary("sign"); }
Status ConvertCos(OnnxContext& c) { return c.EmitUnary("cos"); }
Status ConvertTan(OnnxContext& c) { return c.EmitUnary("tan"); }
Status ConvertAsin(OnnxContext& c) { return c.EmitUnary("asin"); }
Status ConvertAcos(OnnxContext& c) { return c.EmitUnary("acos"); }
Status ConvertAtan(OnnxContext& c) { return c.EmitUnary("atan"); }

Status ConvertLeakyRelu(OnnxContext& c) {
  return c.EmitUnary("leaky_relu", {{"alpha", Attribute::Float(c.attrs().Float("alpha", 0.01f))}});
}

Status ConvertHardSigmoid(OnnxContext& c) {
  return c.EmitUnary("hard_sigmoid", {{"slope", Attribute::Float(c.attrs().Float("alpha", 0.2f))},
                                      {"offset", Attribute::Float(c.attrs().Float("beta", 0.5f))}});
}

Status ConvertHardSwish(OnnxContext& c) {
  return c.EmitUnary("hard_swish", {{"threshold", Attribute::Float(6.f)}, {"scale", Attribute::Float(6.f)},
                                    {"offset", Attribute::Float(3.f)}});
}

Status ConvertSwish(OnnxContext& c) {  // x * sigmoid(alpha * x)
  return c.EmitUnary("swish", {{"beta", Attribute::Float(c.attrs().Float("alpha", 1.f))}});
}

Status ConvertMish(OnnxContext& c) {  // x * tanh(softplus(x))
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string x = c.In(0), sp = c.Temp(c.Out(0)), th = c.Temp(c.Out(0));
  c.SameType();
  c.AddOp("softplus", {{"X", {x}}}, {{"Out", {sp}}},
          {{"beta", Attribute::Float(1.f)}, {"threshold", Attribute::Float(20.f)}});
  c.AddOp("tanh", {{"X", {sp}}}, {{"Out", {th}}});
  c.AddOp("elementwise_mul", {{"X", {x}}, {"Y", {th}}}, {{"Out", {c.Out(0)}}}, {{"axis", Attribute::Int(-1)}});
  return Status::OK();
}

// A float32 scalar weight.
std::string ScalarWeight(OnnxContext& c, float v) {
  Tensor t(DataType::kFloat32, DDim(std::vector<int64_t>{}));
  *t.mutable_data<float>() = v;
  const std::string name = c.Temp(c.Out(0));
  (void)c.AddWeight(name, t);
  return name;
}

// Shrink: x + bias below -lambd, x - bias above lambd, 0 between (float32).
Status ConvertShrink(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string x = c.In(0), y = c.Out(0);
  if (c.TypeOf(x) != DataType::kFloat32) return c.Fail("Shrink is supported for float32 input");
  const float l = c.attrs().Float("lambd", 0.5f), b = c.attrs().Float("bias", 0.f);
  const std::string lo = c.Temp(y), hi = c.Temp(y), up = c.Temp(y), down = c.Temp(y), mid = c.Temp(y);
  const Attribute last = Attribute::Int(-1);
  c.AddOp("less_than", {{"X", {x}}, {"Y", {ScalarWeight(c, -l)}}}, {{"Out", {lo}}}, {{"axis", last}});
  c.AddOp("greater_than", {{"X", {x}}, {"Y", {ScalarWeight(c, l)}}}, {{"Out", {hi}}}, {{"axis", last}});
  c.AddOp("scale", {{"X", {x}}}, {{"Out", {up}}}, {{"scale", Attribute::Float(1)}, {"bias", Attribute::Float(b)}});
  c.AddOp("scale", {{"X", {x}}}, {{"Out", {down}}}, {{"scale", Attribute::Float(1)}, {"bias", Attribute::Float(-b)}});
  c.AddOp("where", {{"Condition", {hi}}, {"X", {down}}, {"Y", {ScalarWeight(c, 0.f)}}}, {{"Out", {mid}}});
  c.SameType();
  c.AddOp("where", {{"Condition", {lo}}, {"X", {up}}, {"Y", {mid}}}, {{"Out", {y}}});
  return Status::OK();
}

Status ConvertIsInf(OnnxContext& c) {
  OnnxAttrs& a = c.attrs();
  EMBER_RETURN_IF_ERROR(c.EmitUnary("isinf_v2", {{"detect_positive", Attribute::Bool(a.Int("detect_positive", 1))},
                                                 {"detect_negative", Attribute::Bool(a.Int("detect_negative", 1))}}));
  c.SetType(c.Out(0), DataType::kBool);
  return Status::OK();
}

Status ConvertIsNaN(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.EmitUnary("isnan_v2"));
  c.SetType(c.Out(0), DataType::kBool);
  return Status::OK();
}

Status ConvertOneHot(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  c.CopyType(c.In(2), c.Out(0));
  c.AddOp("one_hot", {{"Indices", {c.In(0)}}, {"Depth", {c.In(1)}}, {"Values", {c.In(2)}}}, {{"Out", {c.Out(0)}}},
          {{"axis", Attribute::Int(c.attrs().Int("axis", -1))}});
  return Status::OK();
}

// Hardmax: one_hot of the first maximum's index along the axis (the axis' size from the shape at run time).
Status ConvertHardmax(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string x = c.In(0), y = c.Out(0);
  const int r = c.Rank(x);
  int64_t axis = c.attrs().Int("axis", c.opset() < 13 ? 1 : -1);
  if (r < 0) return c.Fail("Hardmax needs the input's rank (no value_info for it)");
  axis = NormAxis(axis, r);
  if (c.opset() < 13 && axis != r - 1) return c.Fail("Hardmax before opset 13 is supported over the last axis only");
  const std::string am = c.Temp(y), shape = c.Temp(y), depth = c.Temp(y), values = c.Temp(y), idx = c.Temp(y);
  c.AddOp("arg_max", {{"X", {x}}}, {{"Out", {am}}},
          {{"axis", Attribute::Int(axis)}, {"keepdims", Attribute::Bool(false)},
           {"dtype", Attribute::Int(static_cast<int>(VarDataType::kInt64))}});
  Tensor at(DataType::kInt64, DDim(std::vector<int64_t>{}));
  *at.mutable_data<int64_t>() = axis;
  Tensor off_on(DataType::kFloat32, DDim({2}));
  off_on.mutable_data<float>()[0] = 0.f;
  off_on.mutable_data<float>()[1] = 1.f;
  EMBER_RETURN_IF_ERROR(c.AddWeight(idx, at));
  EMBER_RETURN_IF_ERROR(c.AddWeight(values, off_on));
  c.AddOp("shape", {{"Input", {x}}}, {{"Out", {shape}}});
  c.AddOp("gather", {{"X", {shape}}, {"Index", {idx}}}, {{"Out", {depth}}}, {{"axis", Attribute::Int(0)}});
  c.SameType();
  c.AddOp("one_hot", {{"Indices", {am}}, {"Depth", {depth}}, {"Values", {values}}}, {{"Out", {y}}},
          {{"axis", Attribute::Int(axis)}});
  return Status::OK();
}

Status ConvertGelu(OnnxContext& c) {
  std::string approx = c.attrs().String("approximate", "none");
  if (approx != "none" && approx != "tanh") return c.attrs().Unsupported("approximate", Quote(approx));
  return c.EmitUnary("gelu", {{"approximate", Attribute::Bool(approx == "tanh")}});
}

Status ConvertElu(OnnxContext& c) {
  return c.EmitUnary("elu", {{"alpha", Attribute::Float(c.attrs().Float("alpha", 1.f))}});
}

Status ConvertSelu(OnnxContext& c) {
  return c.EmitUnary("selu", {{"alpha", Attribute::Float(c.attrs().Float("alpha", 1.67326319217681884765625f))},
                              {"scale", Attribute::Float(c.attrs().Float("gamma", 1.05070102214813232421875f))}});
}

Status ConvertSoftplus(OnnxContext& c) {
  return c.EmitUnary("softplus", {{"beta", Attribute::Float(1.f)}, {"threshold", Attribute::Float(20.f)}});
}

Status ConvertCelu(OnnxContext& c) {
  return c.EmitUnary("celu", {{"alpha", Attribute::Float(c.attrs().Float("alpha", 1.f))}});
}

Status ConvertThresholdedRelu(OnnxContext& c) {
  return c.EmitUnary("thresholded_relu", {{"threshold", Attribute::Float(c.attrs().Float("alpha", 1.f))}});
}

Status ConvertNeg(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  c.SameType();
  c.AddOp("scale", {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}},
          {{"scale", Attribute::Float(-1)}, {"bias", Attribute::Float(0)}});
  return Status::OK();
}

// A scalar constant of `x`'s element type holding v (clamped to the integer type's range), for Clip's bounds.
// v as an integer T, clamped to T's range (an infinite bound is T's extreme).
template <typename T>
T ClampedBound(float v) {
  if (std::isinf(v)) return v > 0 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
  const double lo = static_cast<double>(std::numeric_limits<T>::lowest());
  const double hi = static_cast<double>(std::numeric_limits<T>::max());
  const double d = v;
  if (d >= hi) return std::numeric_limits<T>::max();  // hi may round up past T's range (int64)
  return d <= lo ? std::numeric_limits<T>::lowest() : static_cast<T>(d);
}

// A scalar weight holding bound v in x's element type.
std::string ClipBound(OnnxContext& c, const std::string& x, float v, const std::string& base) {
  std::string name = c.Temp(base);
  const DataType dt = c.TypeOf(x);
  Tensor t(dt, DDim(std::vector<int64_t>{}));
  switch (dt) {
    case DataType::kInt32: *t.mutable_data<int32_t>() = ClampedBound<int32_t>(v); break;
    case DataType::kInt64: *t.mutable_data<int64_t>() = ClampedBound<int64_t>(v); break;
    case DataType::kInt8: *t.mutable_data<int8_t>() = ClampedBound<int8_t>(v); break;
    case DataType::kUInt8: *t.mutable_data<uint8_t>() = ClampedBound<uint8_t>(v); break;
    default: *t.mutable_data<float>() = v; break;
  }
  (void)c.AddWeight(name, t);
  return name;
}

Status ConvertClip(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  const std::string x = c.In(0), y = c.Out(0);
  float lo = -std::numeric_limits<float>::infinity(), hi = std::numeric_limits<float>::infinity();
  std::string lo_t, hi_t;  // runtime bounds
  if (c.opset() < 11) {
    lo = a.Float("min", lo);
    hi = a.Float("max", hi);
  } else {
    for (int i = 1; i <= 2; ++i) {
      if (c.In(i).empty()) continue;
      const Tensor* t = c.Const(c.In(i));
      if (!t) {
        (i == 1 ? lo_t : hi_t) = c.In(i);
        continue;
      }
      std::vector<double> v = ToDoubles(*t);
      if (v.size() != 1) return c.Fail(StrCat("input ", i, " must hold one value"));
      (i == 1 ? lo : hi) = static_cast<float>(v[0]);
    }
  }
  c.SameType();
  if (lo_t.empty() && hi_t.empty() && c.TypeOf(x) == DataType::kFloat32)
    return c.EmitUnary("clip", {{"min", Attribute::Float(lo)}, {"max", Attribute::Float(hi)}});
  // Runtime bounds (or integer data): max with the lower bound, then min with the upper one.
  std::string mid = c.Temp(y);
  c.SetType(mid, c.TypeOf(x));
  c.AddOp("elementwise_max", {{"X", {x}}, {"Y", {lo_t.empty() ? ClipBound(c, x, lo, "clip_min") : lo_t}}},
          {{"Out", {mid}}}, {{"axis", Attribute::Int(-1)}});
  c.AddOp("elementwise_min", {{"X", {mid}}, {"Y", {hi_t.empty() ? ClipBound(c, x, hi, "clip_max") : hi_t}}},
          {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
  return Status::OK();
}

// The PRelu mode Ember's prelu op covers for this slope ("" when none does).
std::string PreluMode(OnnxContext& c, const Tensor* slope) {
  const std::string x = c.In(0);
  int r = c.Rank(x);
  if (!slope || c.TypeOf(x) != DataType::kFloat32) return "";
  std::vector<int64_t> sd = slope->dims().vec();
  if (slope->numel() == 1) return "all";
  if (c.opset() < 7 && r >= 2 && sd.size() == 1) return "channel";  // PRelu-1/6: one slope per channel
  if (r < 2 || static_cast<int>(sd.size()) > r - 1) return "";
  // Slope right-aligned against X: only dim 1 of X non-1 → channel mode.
  int off = r - static_cast<int>(sd.size());
  bool channel = true;
  for (size_t i = 0; i < sd.size(); ++i) {
    int xi = off + static_cast<int>(i);
    if ((xi == 1) != (sd[i] != 1)) channel = false;
  }
  const auto* xs = c.Shape(x);
  bool element = xs && static_cast<int>(sd.size()) == r - 1 && std::equal(sd.begin(), sd.end(), xs->begin() + 1);
  if (channel) return "channel";
  return element ? "element" : "";
}

Status ConvertPRelu(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  const std::string x = c.In(0), y = c.Out(0);
  std::string mode = PreluMode(c, c.Const(c.In(1)));
  c.SameType();
  if (!mode.empty()) {
    c.AddOp("prelu", {{"X", {x}}, {"Alpha", {c.In(1)}}}, {{"Out", {y}}}, {{"mode", Attribute::String(mode)}});
    return Status::OK();
  }
  // Any other slope (numpy broadcasting, or a runtime tensor): relu(x) + slope * min(x, 0).
  Tensor zero(c.TypeOf(x), DDim(std::vector<int64_t>{}));
  EMBER_RETURN_IF_ERROR(zero.Allocate());
  std::memset(zero.raw_data(), 0, SizeOf(zero.dtype()));
  std::string z = c.Temp(y), pos = c.Temp(y), neg = c.Temp(y), scaled = c.Temp(y);
  EMBER_RETURN_IF_ERROR(c.AddWeight(z, zero));
  for (const auto& n : {pos, neg, scaled}) c.SetType(n, c.TypeOf(x));
  c.AddOp("elementwise_max", {{"X", {x}}, {"Y", {z}}}, {{"Out", {pos}}}, {{"axis", Attribute::Int(-1)}});
  c.AddOp("elementwise_min", {{"X", {x}}, {"Y", {z}}}, {{"Out", {neg}}}, {{"axis", Attribute::Int(-1)}});
  c.AddOp("elementwise_mul", {{"X", {neg}}, {"Y", {c.In(1)}}}, {{"Out", {scaled}}}, {{"axis", Attribute::Int(-1)}});
  c.AddOp("elementwise_add", {{"X", {pos}}, {"Y", {scaled}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
  return Status::OK();
}

// --- elementwise
// Before opset 7, broadcasting was opt-in (broadcast = 1) with Paddle's own axis semantics.
int64_t LegacyBroadcastAxis(OnnxContext& c) {
  OnnxAttrs& a = c.attrs();
  int64_t paddle_axis = -1;
  if (c.opset() < 7 && a.Int("broadcast", 0) != 0) paddle_axis = a.Int("axis", -1);
  a.Ignore({"broadcast", "axis", "consumed_inputs"});
  return paddle_axis;
}

// in0 op in1 op in2 ... (variadic Sum / Max / Min fold left); one input is a copy.
Status EmitElementwiseChain(OnnxContext& c, const std::string& type, int64_t paddle_axis) {
  const std::string x = c.In(0), y = c.Out(0);
  const int n = c.node().input_size();
  if (n == 1) {
    c.SameType();
    c.AddOp("assign", {{"X", {x}}}, {{"Out", {y}}});
    return Status::OK();
  }
  std::string acc = x;
  for (int i = 1; i < n; ++i) {
    std::string dst = i + 1 == n ? y : c.Temp(y);
    c.CopyType(x, dst);
    c.AddOp(type, {{"X", {acc}}, {"Y", {c.In(i)}}}, {{"Out", {dst}}}, {{"axis", Attribute::Int(paddle_axis)}});
    acc = dst;
  }
  return Status::OK();
}

Status EmitElementwise(OnnxContext& c, const std::string& type) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  return EmitElementwiseChain(c, type, LegacyBroadcastAxis(c));
}

// Add and Mul of a constant and a computed value take the constant as Y, where the folding passes look for it
// (exporters write `w * x` as often as `x * w`; numpy broadcasting is symmetric).
Status EmitCommutative(OnnxContext& c, const std::string& type) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const int64_t axis = LegacyBroadcastAxis(c);
  const std::string a = c.In(0), b = c.In(1), y = c.Out(0);
  if (c.node().input_size() != 2 || axis != -1 || !c.Const(a) || c.Const(b) || c.TypeOf(a) != c.TypeOf(b))
    return EmitElementwiseChain(c, type, axis);
  c.CopyType(b, y);
  c.AddOp(type, {{"X", {b}}, {"Y", {a}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
  return Status::OK();
}

Status ConvertAdd(OnnxContext& c) { return EmitCommutative(c, "elementwise_add"); }
Status ConvertSub(OnnxContext& c) { return EmitElementwise(c, "elementwise_sub"); }
Status ConvertMul(OnnxContext& c) { return EmitCommutative(c, "elementwise_mul"); }
Status ConvertDiv(OnnxContext& c) { return EmitElementwise(c, "elementwise_div"); }
Status ConvertMax(OnnxContext& c) { return EmitElementwise(c, "elementwise_max"); }
Status ConvertMin(OnnxContext& c) { return EmitElementwise(c, "elementwise_min"); }
Status ConvertSum(OnnxContext& c) { return EmitElementwise(c, "elementwise_add"); }
Status ConvertBitwiseAnd(OnnxContext& c) { return EmitElementwise(c, "bitwise_and"); }
Status ConvertBitwiseOr(OnnxContext& c) { return EmitElementwise(c, "bitwise_or"); }
Status ConvertBitwiseXor(OnnxContext& c) { return EmitElementwise(c, "bitwise_xor"); }

// BitwiseNot: x ^ all ones.
Status ConvertBitwiseNot(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const DataType dt = c.TypeOf(c.In(0));
  Tensor ones(dt, DDim(std::vector<int64_t>{}));
  switch (dt) {
    case DataType::kInt32: *ones.mutable_data<int32_t>() = -1; break;
    case DataType::kInt64: *ones.mutable_data<int64_t>() = -1; break;
    case DataType::kInt8: *ones.mutable_data<int8_t>() = -1; break;
    case DataType::kUInt8: *ones.mutable_data<uint8_t>() = 0xff; break;
    default: return c.Fail(StrCat("BitwiseNot takes an integer input, got ", DataTypeName(dt)));
  }
  const std::string m = c.Temp(c.Out(0));
  EMBER_RETURN_IF_ERROR(c.AddWeight(m, ones));
  c.SameType();
  c.AddOp("bitwise_xor", {{"X", {c.In(0)}}, {"Y", {m}}}, {{"Out", {c.Out(0)}}}, {{"axis", Attribute::Int(-1)}});
  return Status::OK();
}

// HannWindow, HammingWindow, BlackmanWindow: the window op, cast to output_datatype.
Status ConvertWindow(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  OnnxAttrs& a = c.attrs();
  DataType dt;
  const int64_t to = a.Int("output_datatype", 1);
  if (!EmberTypeOf(static_cast<int>(to), &dt)) return a.Unsupported("output_datatype", std::to_string(to));
  const std::string& t = c.op_type();
  const std::string w = dt == DataType::kFloat32 ? c.Out(0) : c.Temp(c.Out(0));
  c.SetType(w, DataType::kFloat32);
  c.AddOp("window", {{"Size", {c.In(0)}}}, {{"Out", {w}}},
          {{"window", Attribute::String(t == "HannWindow" ? "hann" : t == "HammingWindow" ? "hamming" : "blackman")},
           {"periodic", Attribute::Bool(a.Int("periodic", 1) != 0)}});
  if (w != c.Out(0)) c.AddCast(w, DataType::kFloat32, c.Out(0), dt);
  return Status::OK();
}

Status ConvertDet(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  c.SameType();
  c.AddOp("determinant", {{"Input", {c.In(0)}}}, {{"Out", {c.Out(0)}}});
  return Status::OK();
}

// SwiGLU: swish(a, alpha) * b.
Status ConvertSwiGlu(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  const std::string s = c.Temp(c.Out(0));
  c.CopyType(c.In(0), s);
  c.AddOp("swish", {{"X", {c.In(0)}}}, {{"Out", {s}}}, {{"beta", Attribute::Float(c.attrs().Float("alpha", 1.f))}});
  c.SameType();
  c.AddOp("elementwise_mul", {{"X", {s}}, {"Y", {c.In(1)}}}, {{"Out", {c.Out(0)}}}, {{"axis", Attribute::Int(-1)}});
  return Status::OK();
}

Status ConvertEinsum(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  std::vector<std::string> ins(c.node().input().begin(), c.node().input().end());
  c.SameType();
  c.AddOp("einsum", {{"Operands", ins}}, {{"Out", {c.Out(0)}}},
          {{"equation", Attribute::String(c.attrs().String("equation", ""))}});
  return Status::OK();
}

Status ConvertMod(OnnxContext& c) {  // fmod=1: C's remainder; 0: the divisor's sign
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  return EmitElementwise(c, c.attrs().Int("fmod", 0) ? "elementwise_fmod" : "elementwise_mod");
}

// `v` of type t as float32 (a cast when it is not).
std::string AsFloat(OnnxContext& c, const std::string& v, DataType t) {
  if (t == DataType::kFloat32) return v;
  std::string cast = c.Temp(v);
  c.SetType(cast, DataType::kFloat32);
  c.AddOp("cast", {{"X", {v}}}, {{"Out", {cast}}},
          {{"in_dtype", Attribute::Int(VarDataTypeOf(t))}, {"out_dtype", Attribute::Int(VarDataTypeOf(DataType::kFloat32))}});
  return cast;
}

Status ConvertPow(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const int64_t paddle_axis = LegacyBroadcastAxis(c);
  const std::string x = c.In(0), y = c.Out(0);
  // x ^ constant scalar: the pow activation.
  const Tensor* e = c.Const(c.In(1));
  if (e && e->numel() == 1 && c.TypeOf(x) == DataType::kFloat32) {
    c.SameType();
    c.AddOp("pow", {{"X", {x}}}, {{"Out", {y}}}, {{"factor", Attribute::Float(ToDoubles(*e)[0])}});
    return Status::OK();
  }
  // Output type is X's. Integer powers are computed in float32 and cast back.
  DataType xt = c.TypeOf(x), yt = c.TypeOf(c.In(1));
  if (c.HasType(x) != c.HasType(c.In(1))) return c.Fail("Pow needs both input types (no value_info)");
  if (xt == DataType::kFloat32 && yt == DataType::kFloat32) return EmitElementwiseChain(c, "elementwise_pow", paddle_axis);
  std::string fx = AsFloat(c, x, xt), fy = AsFloat(c, c.In(1), yt);
  std::string fz = xt == DataType::kFloat32 ? y : c.Temp(y);
  c.SetType(fz, DataType::kFloat32);
  c.AddOp("elementwise_pow", {{"X", {fx}}, {"Y", {fy}}}, {{"Out", {fz}}}, {{"axis", Attribute::Int(-1)}});
  if (fz != y) {
    c.SetType(y, xt);
    c.AddOp("cast", {{"X", {fz}}}, {{"Out", {y}}},
            {{"in_dtype", Attribute::Int(VarDataTypeOf(DataType::kFloat32))}, {"out_dtype", Attribute::Int(VarDataTypeOf(xt))}});
  }
  return Status::OK();
}

Status ConvertMean(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string y = c.Out(0);
  std::string acc = c.In(0);
  for (int i = 1; i < c.node().input_size(); ++i) {
    std::string dst = c.Temp(y);
    c.AddOp("elementwise_add", {{"X", {acc}}, {"Y", {c.In(i)}}}, {{"Out", {dst}}}, {{"axis", Attribute::Int(-1)}});
    acc = dst;
  }
  c.SameType();
  c.AddOp("scale", {{"X", {acc}}}, {{"Out", {y}}},
          {{"scale", Attribute::Float(1.0 / c.node().input_size())}, {"bias", Attribute::Float(0)},
           {"bias_after_scale", Attribute::Bool(true)}});
  return Status::OK();
}

// Comparisons and logic: two inputs, a bool output.
Status EmitBoolBinary(OnnxContext& c, const std::string& type) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  if (c.opset() < 7) c.attrs().Ignore({"broadcast", "axis"});
  c.SetType(c.Out(0), DataType::kBool);
  c.AddOp(type, {{"X", {c.In(0)}}, {"Y", {c.In(1)}}}, {{"Out", {c.Out(0)}}});
  return Status::OK();
}

Status ConvertEqual(OnnxContext& c) { return EmitBoolBinary(c, "equal"); }
Status ConvertLess(OnnxContext& c) { return EmitBoolBinary(c, "less_than"); }
Status ConvertLessOrEqual(OnnxContext& c) { return EmitBoolBinary(c, "less_equal"); }
Status ConvertGreater(OnnxContext& c) { return EmitBoolBinary(c, "greater_than"); }
Status ConvertGreaterOrEqual(OnnxContext& c) { return EmitBoolBinary(c, "greater_equal"); }
Status ConvertAnd(OnnxContext& c) { return EmitBoolBinary(c, "logical_and"); }
Status ConvertOr(OnnxContext& c) { return EmitBoolBinary(c, "logical_or"); }
Status ConvertXor(OnnxContext& c) { return EmitBoolBinary(c, "logical_xor"); }

Status ConvertNot(OnnxContext& c) {  // x == false
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string y = c.Out(0);
  Tensor f(DataType::kBool, DDim(std::vector<int64_t>{}));
  *f.mutable_data<bool>() = false;
  std::string no = c.Temp(y);
  EMBER_RETURN_IF_ERROR(c.AddWeight(no, f));
  c.SetType(y, DataType::kBool);
  c.AddOp("equal", {{"X", {c.In(0)}}, {"Y", {no}}}, {{"Out", {y}}});
  return Status::OK();
}

Status ConvertWhere(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(3));
  c.CopyType(c.In(1), c.Out(0));
  c.AddOp("where", {{"Condition", {c.In(0)}}, {"X", {c.In(1)}}, {"Y", {c.In(2)}}}, {{"Out", {c.Out(0)}}});
  return Status::OK();
}

// --- matrix products
Status ConvertMatMul(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  c.SameType();
  c.AddOp("matmul_v2", {{"X", {c.In(0)}}, {"Y", {c.In(1)}}}, {{"Out", {c.Out(0)}}});
  return Status::OK();
}

// A Gemm by constant B and C (every exported Linear layer) becomes fc: A is 2-D by the spec, and alpha, beta
// and transB fold into copies of the weights, so the packed fc kernel runs it with its bias epilogue (as a
// matmul + add it ran at ~1 GFLOP/s, and no pass could fuse it without A's rank). False: not such a Gemm.
bool ConvertGemmAsFc(OnnxContext& c, float alpha, float beta, bool ta, bool tb, Status* status) {
  const Tensor* b = c.Const(c.In(1));
  if (ta || !b || b->dtype() != DataType::kFloat32 || b->dims().size() != 2) return false;
  const int64_t k = b->dims()[tb ? 1 : 0], n = b->dims()[tb ? 0 : 1];
  const Tensor* bias = c.In(2).empty() ? nullptr : c.Const(c.In(2));
  if (!c.In(2).empty()) {  // C: a constant of one value, or of N values along its last dim
    if (!bias || bias->dtype() != DataType::kFloat32) return false;
    const DDim& d = bias->dims();
    if (bias->numel() != 1 && (bias->numel() != n || d[d.size() - 1] != n)) return false;
  }
  Tensor w(DataType::kFloat32, {k, n});
  const float* src = b->data<float>();
  float* dst = w.mutable_data<float>();
  for (int64_t i = 0; i < k; ++i)
    for (int64_t j = 0; j < n; ++j) dst[i * n + j] = alpha * (tb ? src[j * k + i] : src[i * n + j]);
  const std::string w_name = c.Temp(c.In(1));
  *status = c.AddWeight(w_name, w);
  OpDesc::Slots inputs = {{"Input", {c.In(0)}}, {"W", {w_name}}};
  if (bias && status->ok()) {
    Tensor bn(DataType::kFloat32, {n});
    float* bd = bn.mutable_data<float>();
    for (int64_t j = 0; j < n; ++j) bd[j] = beta * bias->data<float>()[bias->numel() == 1 ? 0 : j];
    const std::string b_name = c.Temp(c.In(2));
    inputs.push_back({"Bias", {b_name}});
    *status = c.AddWeight(b_name, bn);
  }
  if (!status->ok()) return true;
  c.SetType(c.Out(0), DataType::kFloat32);
  c.AddOp("fc", inputs, {{"Out", {c.Out(0)}}}, {{"in_num_col_dims", Attribute::Int(1)}});
  return true;
}

Status ConvertGemm(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  const std::string y = c.Out(0);
  float alpha = a.Float("alpha", 1.f), beta = a.Float("beta", 1.f);
  bool ta = a.Int("transA", 0) != 0, tb = a.Int("transB", 0) != 0;
  a.Ignore({"broadcast"});
  Status as_fc;
  if (ConvertGemmAsFc(c, alpha, beta, ta, tb, &as_fc)) return as_fc;
  std::string prod = c.In(2).empty() ? y : c.Temp(y);
  c.SetType(prod, DataType::kFloat32);
  c.AddOp("matmul", {{"X", {c.In(0)}}, {"Y", {c.In(1)}}}, {{"Out", {prod}}},
          {{"transpose_X", Attribute::Bool(ta)}, {"transpose_Y", Attribute::Bool(tb)},
           {"alpha", Attribute::Float(alpha)}});
  if (c.In(2).empty()) return Status::OK();
  std::string bias = c.In(2);
  if (beta != 1.f) {
    const Tensor* ct = c.Const(bias);
    if (ct && ct->dtype() == DataType::kFloat32) {
      Tensor scaled;
      EMBER_RETURN_IF_ERROR(scaled.CopyFrom(*ct));
      for (int64_t i = 0; i < scaled.numel(); ++i) scaled.data<float>()[i] *= beta;
      bias = c.Temp(bias);
      EMBER_RETURN_IF_ERROR(c.AddWeight(bias, scaled));
    } else {
      std::string sc = c.Temp(bias);
      c.AddOp("scale", {{"X", {bias}}}, {{"Out", {sc}}},
              {{"scale", Attribute::Float(beta)}, {"bias", Attribute::Float(0)}});
      bias = sc;
    }
  }
  c.SetType(y, DataType::kFloat32);
  c.AddOp("elementwise_add", {{"X", {prod}}, {"Y", {bias}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
  return Status::OK();
}

// --- softmax (Softmax and LogSoftmax)
std::string SoftmaxType(const OnnxContext& c) { return c.op_type() == "Softmax" ? "softmax" : "log_softmax"; }

Status ConvertSoftmaxAxis(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  c.SameType();
  c.AddOp(SoftmaxType(c), {{"X", {c.In(0)}}}, {{"Out", {c.Out(0)}}},
          {{"axis", Attribute::Int(c.attrs().Int("axis", -1))}});
  return Status::OK();
}

// Before opset 13 the input is flattened to 2-D at `axis` and softmax runs over the second dim.
Status ConvertSoftmaxFlattened(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
  const std::string x = c.In(0), y = c.Out(0), type = SoftmaxType(c);
  c.SameType();
  int64_t axis = c.attrs().Int("axis", 1);
  int r = c.Rank(x);
  if (r >= 0 && NormAxis(axis, r) == r - 1) {
    c.AddOp(type, {{"X", {x}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
    return Status::OK();
  }
  std::string flat = c.Temp(y), sm = c.Temp(y), shape = c.Temp(y);
  c.AddOp("flatten", {{"X", {x}}}, {{"Out", {flat}}}, {{"axis", Attribute::Int(axis)}});
  c.AddOp(type, {{"X", {flat}}}, {{"Out", {sm}}}, {{"axis", Attribute::Int(-1)}});
  c.AddOp("shape", {{"Input", {x}}}, {{"Out", {shape}}});
  c.AddOp("reshape2", {{"X", {sm}}, {"Shape", {shape}}}, {{"Out", {y}}});
  return Status::OK();
}

// CumSum and CumProd.
Status ConvertCumSum(OnnxContext& c) {
  EMBER_RETURN_IF_ERROR(c.NeedInputs(2));
  OnnxAttrs& a = c.attrs();
  std::map<std::string, Attribute> attrs = {{"exclusive", Attribute::Bool(a.Int("exclusive", 0) != 0)},
                                            {"reverse", Attribute::Bool(a.Int("reverse", 0) != 0)}};
  OpDesc::Slots ins = {{"X", {c.In(0)}}};
  if (const Tensor* t = c.Const(c.In(1))) {
    std::vector<int64_t> ax = ToInts(*t);
    if (ax.size() != 1) return c.Fail("input axis must hold one value");
    attrs["axis"] = Attribute::Int(ax[0]);
  } else {
    ins.push_back({"AxisTensor", {c.In(1)}});
  }
  c.SameType();
  c.AddOp(c.op_type() == "CumSum" ? "cumsum" : "cumprod", ins, {{"Out", {c.Out(0)}}}, attrs);
  return Status::OK();
}


// --- reductions
// One reduction node's axes and flags, and the emitters its converters share.
struct Reduction {
  explicit Reduction(OnnxContext& ctx) : c(ctx), x(ctx.In(0)), y(ctx.Out(0)) {}

  // Reads axes (attribute, constant or runtime input) and the flags; *done when the node is a plain copy.
  Status Prepare(bool* done) {
    EMBER_RETURN_IF_ERROR(c.NeedInputs(1));
    OnnxAttrs& a = c.attrs();
    bool axes_input = (c.op_type() == "ReduceSum" && c.opset() >= 13) || c.opset() >= 18;
    if (axes_input) {
      if (!c.In(1).empty()) {
        if (const Tensor* t = c.Const(c.In(1))) axes = ToInts(*t);
        else axes_var = c.In(1);
      }
    } else {
      axes = a.Ints("axes", {});
    }
    keep = a.Int("keepdims", 1) != 0;
    noop = a.Int("noop_with_empty_axes", 0) != 0;
    c.SameType();
    *done = axes.empty() && noop && axes_var.empty();
    if (*done) c.AddOp("assign", {{"X", {x}}}, {{"Out", {y}}});
    // Reducing every dim without keepdims gives a scalar in ONNX; Ember's reduce ops give [1].
    // (With runtime axes the result of a full reduction keeps Ember's shape [1].)
    all_dims = axes.empty() && axes_var.empty();
    const int rank = c.Rank(x);
    if (!all_dims && axes_var.empty() && rank >= 0) {
      std::set<int64_t> uniq;
      for (int64_t ax : axes) uniq.insert(NormAxis(ax, rank));
      all_dims = static_cast<int>(uniq.size()) == rank;
    }
    return Status::OK();
  }

  void Reduce(const std::string& type, const std::string& src, const std::string& dst, bool keep_dim) {
    c.CopyType(x, dst);
    std::string r = !keep_dim && all_dims ? c.Temp(dst) : dst;
    if (!axes_var.empty()) {
      c.AddOp(type, {{"X", {src}}, {"DimTensor", {axes_var}}}, {{"Out", {r}}},
              {{"keep_dim", Attribute::Bool(keep_dim)}, {"noop_with_empty_dim", Attribute::Bool(noop)}});
    } else {
      c.AddOp(type, {{"X", {src}}}, {{"Out", {r}}},
              {{"dim", Attribute::Ints(axes.empty() ? std::vector<int64_t>{0} : axes)},
               {"keep_dim", Attribute::Bool(keep_dim)}, {"reduce_all", Attribute::Bool(axes.empty())}});
    }
    if (r != dst) {  // [1] -> []: gather element 0 with a scalar index
      std::string zero = c.Temp(dst);
      Tensor z(DataType::kInt64, DDim(std::vector<int64_t>{}));
      *z.mutable_data<int64_t>() = 0;
      (void)c.AddWeight(zero, z);
      c.AddOp("gather", {{"X", {r}}, {"Index", {zero}}}, {{"Out", {dst}}}, {{"axis", Attribute::Int(0)}});
    }
  }
  std::string Unary(const std::string& type, const std::string& src) {
    std::string dst = c.Temp(y);
    c.CopyType(x, dst);
    c.AddOp(type, {{"X", {src}}}, {{"Out", {dst}}});
    return dst;
  }

  OnnxContext& c;
  const std::string x, y;
  std::vector<int64_t> axes;
  std::string axes_var;  // axes known at run time only
  bool keep = true, noop = false, all_dims = false;
};

// Prepares the node's reduction and, unless it is a plain copy, emits it with `emit`.
Status EmitReduction(OnnxContext& c, void (*emit)(OnnxContext&, Reduction&)) {
  Reduction r(c);
  bool done = false;
  EMBER_RETURN_IF_ERROR(r.Prepare(&done));
  if (!done) emit(c, r);
  return Status::OK();
}

// ReduceMean, ReduceSum, ReduceMax: one Ember op.
Status ConvertReduce(OnnxContext& c) {
  return EmitReduction(c, [](OnnxContext& c, Reduction& r) {
    const std::string& op = c.op_type();
    r.Reduce(op == "ReduceMean" ? "reduce_mean" : op == "ReduceSum" ? "reduce_sum" : "reduce_max", r.x, r.y,
             r.keep);
  });
}

Status ConvertReduceProd(OnnxContext& c) {
  return EmitReduction(c, [](OnnxContext& c, Reduction& r) { r.Reduce("reduce_prod", r.x, r.y, r.keep); });
}

Status ConvertReduceMin(OnnxContext& c) {
  return EmitReduction(c, [](OnnxContext& c, Reduction& r) { r.Reduce("reduce_min", r.x, r.y, r.keep); });
}

Status ConvertReduceL1(OnnxContext& c) {
  return EmitReduction(c, [](OnnxContext& c, Reduction& r) {
    r.Reduce("reduce_sum", r.Unary("abs", r.x), r.y, r.keep);
  });
}

// ReduceSumSquare, and ReduceL2 = its square root.
Status ConvertReduceSumSquare(OnnxContext& c) {
  return EmitReduction(c, [](OnnxContext& c, Reduction& r) {
    std::string sq = c.Temp(r.y);
    c.AddOp("elementwise_mul", {{"X", {r.x}}, {"Y", {r.x}}}, {{"Out", {sq}}}, {{"axis", Attribute::Int(-1)}});
    if (c.op_type() == "ReduceSumSquare") {
      r.Reduce("reduce_sum", sq, r.y, r.keep);
      return;
    }
    std::string s = c.Temp(r.y);
    r.Reduce("reduce_sum", sq, s, r.keep);
    c.AddOp("sqrt", {{"X", {s}}}, {{"Out", {r.y}}});
  });
}

Status ConvertReduceLogSum(OnnxContext& c) {
  return EmitReduction(c, [](OnnxContext& c, Reduction& r) {
    std::string s = c.Temp(r.y);
    r.Reduce("reduce_sum", r.x, s, r.keep);
    c.AddOp("log", {{"X", {s}}}, {{"Out", {r.y}}});
  });
}

Status ConvertReduceLogSumExp(OnnxContext& c) {  // m + log(sum(exp(x - m))), m = max(x): no overflow
  return EmitReduction(c, [](OnnxContext& c, Reduction& r) {
    const std::string x = r.x, y = r.y;
    std::string m = c.Temp(y), d = c.Temp(y), s = c.Temp(y), m2 = r.keep ? m : c.Temp(y), l = c.Temp(y);
    r.Reduce("reduce_max", x, m, true);
    c.AddOp("elementwise_sub", {{"X", {x}}, {"Y", {m}}}, {{"Out", {d}}}, {{"axis", Attribute::Int(-1)}});
    r.Reduce("reduce_sum", r.Unary("exp", d), s, r.keep);
    c.AddOp("log", {{"X", {s}}}, {{"Out", {l}}});
    if (!r.keep) r.Reduce("reduce_max", x, m2, false);
    c.AddOp("elementwise_add", {{"X", {l}}, {"Y", {m2}}}, {{"Out", {y}}}, {{"axis", Attribute::Int(-1)}});
  });
}

}  // namespace

const std::vector<OnnxConverter>& OnnxMathConverters() {
  static const std::vector<OnnxConverter> rows = {
      {"Relu", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Relu", ConvertRelu)},
      {"Sigmoid", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Sigmoid", ConvertSigmoid)},
      {"Tanh", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Tanh", ConvertTanh)},
      {"Exp", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Exp", ConvertExp)},
      {"Log", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Log", ConvertLog)},
      {"Sqrt", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Sqrt", ConvertSqrt)},
      {"Abs", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Abs", ConvertAbs)},
      {"Erf", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Erf", ConvertErf)},
      {"Softsign", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Softsign", ConvertSoftsign)},
      {"Floor", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Floor", ConvertFloor)},
      {"Ceil", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Ceil", ConvertCeil)},
      {"Round", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Round", ConvertRound)},
      {"Reciprocal", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Reciprocal", ConvertReciprocal)},
      {"Sin", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Sin", ConvertSin)},
      {"Swish", 24, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Swish", ConvertSwish)},
      {"Mish", 18, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Mish", ConvertMish)},
      {"Shrink", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Shrink", ConvertShrink)},
      {"IsInf", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "IsInf", ConvertIsInf)},
      {"IsNaN", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "IsNaN", ConvertIsNaN)},
      {"OneHot", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "OneHot", ConvertOneHot)},
      {"Hardmax", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Hardmax", ConvertHardmax)},
      {"Sinh", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Sinh", ConvertSinh)},
      {"Cosh", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Cosh", ConvertCosh)},
      {"Asinh", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Asinh", ConvertAsinh)},
      {"Acosh", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Acosh", ConvertAcosh)},
      {"Atanh", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Atanh", ConvertAtanh)},
      {"Sign", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Sign", ConvertSign)},
      {"Cos", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Cos", ConvertCos)},
      {"Tan", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Tan", ConvertTan)},
      {"Asin", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Asin", ConvertAsin)},
      {"Acos", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Acos", ConvertAcos)},
      {"Atan", 7, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Atan", ConvertAtan)},
      {"LeakyRelu", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "LeakyRelu", ConvertLeakyRelu)},
      {"HardSigmoid", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "HardSigmoid", ConvertHardSigmoid)},
      {"HardSwish", 14, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "HardSwish", ConvertHardSwish)},
      {"Gelu", 20, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Gelu", ConvertGelu)},
      {"Elu", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Elu", ConvertElu)},
      {"Selu", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Selu", ConvertSelu)},
      {"Softplus", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Softplus", ConvertSoftplus)},
      {"Celu", 12, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Celu", ConvertCelu)},
      {"ThresholdedRelu", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ThresholdedRelu", ConvertThresholdedRelu)},
      {"Neg", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Neg", ConvertNeg)},
      {"Clip", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Clip", ConvertClip)},
      {"PRelu", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "PRelu", ConvertPRelu)},
      {"Add", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Add", ConvertAdd)},
      {"Sub", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Sub", ConvertSub)},
      {"Mul", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Mul", ConvertMul)},
      {"Div", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Div", ConvertDiv)},
      {"Mod", 10, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Mod", ConvertMod)},
      {"Einsum", 12, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Einsum", ConvertEinsum)},
      {"Det", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Det", ConvertDet)},
      {"SwiGLU", 28, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "SwiGLU", ConvertSwiGlu)},
      {"HannWindow", 17, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "HannWindow", ConvertWindow)},
      {"HammingWindow", 17, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "HammingWindow", ConvertWindow)},
      {"BlackmanWindow", 17, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "BlackmanWindow", ConvertWindow)},
      {"BitwiseAnd", 18, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "BitwiseAnd", ConvertBitwiseAnd)},
      {"BitwiseOr", 18, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "BitwiseOr", ConvertBitwiseOr)},
      {"BitwiseXor", 18, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "BitwiseXor", ConvertBitwiseXor)},
      {"BitwiseNot", 18, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "BitwiseNot", ConvertBitwiseNot)},
      {"Max", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Max", ConvertMax)},
      {"Min", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Min", ConvertMin)},
      {"Sum", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Sum", ConvertSum)},
      {"Pow", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Pow", ConvertPow)},
      {"Mean", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Mean", ConvertMean)},
      {"Equal", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Equal", ConvertEqual)},
      {"Less", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Less", ConvertLess)},
      {"LessOrEqual", 12, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "LessOrEqual", ConvertLessOrEqual)},
      {"Greater", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Greater", ConvertGreater)},
      {"GreaterOrEqual", 12, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "GreaterOrEqual", ConvertGreaterOrEqual)},
      {"And", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "And", ConvertAnd)},
      {"Or", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Or", ConvertOr)},
      {"Xor", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Xor", ConvertXor)},
      {"Not", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Not", ConvertNot)},
      {"Where", 9, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Where", ConvertWhere)},
      {"MatMul", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "MatMul", ConvertMatMul)},
      {"Gemm", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Gemm", ConvertGemm)},
      {"Softmax", 1, 12, EMBER_KEPT_CONVERTER("onnx", "Softmax", ConvertSoftmaxFlattened)},
      {"Softmax", 13, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "Softmax", ConvertSoftmaxAxis)},
      {"LogSoftmax", 1, 12, EMBER_KEPT_CONVERTER("onnx", "LogSoftmax", ConvertSoftmaxFlattened)},
      {"LogSoftmax", 13, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "LogSoftmax", ConvertSoftmaxAxis)},
      {"CumSum", 11, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "CumSum", ConvertCumSum)},
      {"CumProd", 26, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "CumProd", ConvertCumSum)},
      {"ReduceMean", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceMean", ConvertReduce)},
      {"ReduceSum", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceSum", ConvertReduce)},
      {"ReduceMax", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceMax", ConvertReduce)},
      {"ReduceMin", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceMin", ConvertReduceMin)},
      {"ReduceProd", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceProd", ConvertReduceProd)},
      {"ReduceL1", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceL1", ConvertReduceL1)},
      {"ReduceL2", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceL2", ConvertReduceSumSquare)},
      {"ReduceSumSquare", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceSumSquare", ConvertReduceSumSquare)},
      {"ReduceLogSum", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceLogSum", ConvertReduceLogSum)},
      {"ReduceLogSumExp", 1, kOnnxMaxOpset, EMBER_KEPT_CONVERTER("onnx", "ReduceLogSumExp", ConvertReduceLogSumExp)},
  };
  return rows;
}

}  // namespace ember
