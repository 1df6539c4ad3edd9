// ncnn layer converters: elementwise arithmetic (BinaryOp, UnaryOp, Eltwise), reductions and the
// standalone activation layers.
#include <algorithm>
#include <cfloat>

#include "io/converter_selection.h"
#include "io/ncnn/ncnn_context.h"

namespace ember {

namespace {

// Paddle-style elementwise with the right broadcast for ncnn's rules: same rank aligns dim by dim; a 1-D
// operand against a 3-D/4-D one is per channel (ncnn: b.w == a.c); otherwise numpy trailing alignment.
int64_t BroadcastAxis(int ra, int rb) {
  if (ra == rb || ra == 0 || rb == 0) return -1;
  int lo = std::min(ra, rb), hi = std::max(ra, rb);
  if (lo == 1 && hi >= 3) return 0;  // [1, c] against [1, c, ...]
  return -1;
}

std::map<std::string, Attribute> ScaleBias(float scale, float bias) {
  return {{"scale", Attribute::Float(scale)}, {"bias", Attribute::Float(bias)}};
}

// BinaryOp of one blob and the scalar b (with_scalar, or a single input).
Status BinaryOpScalar(NcnnContext& ctx, const NcnnLayer& L, int op_type, float b) {
  const NcnnBlob* A = ctx.Bottom(L, 0);
  const std::string& out = L.tops[0];
  switch (op_type) {
    case 0: ctx.AddActivation("scale", A->var, out, ScaleBias(1.f, b)); break;
    case 1: ctx.AddActivation("scale", A->var, out, ScaleBias(1.f, -b)); break;
    case 2: ctx.AddActivation("scale", A->var, out, ScaleBias(b, 0.f)); break;
    case 3:
      if (b == 0.f) return InvalidArgument("division by the scalar 0");
      ctx.AddActivation("scale", A->var, out, ScaleBias(1.f / b, 0.f));
      break;
    case 4: ctx.AddActivation("clip", A->var, out, {{"min", Attribute::Float(b)}}); break;
    case 5: ctx.AddActivation("clip", A->var, out, {{"max", Attribute::Float(b)}}); break;
    case 6: ctx.AddActivation("pow", A->var, out, {{"factor", Attribute::Float(b)}}); break;
    case 7: ctx.AddActivation("scale", A->var, out, ScaleBias(-1.f, b)); break;
    case 8: {  // b / x
      std::string t = ctx.Temp(out);
      ctx.AddActivation("reciprocal", A->var, t);
      ctx.AddActivation("scale", t, out, ScaleBias(b, 0.f));
      break;
    }
    default:
      return Unimplemented("op_type ", op_type, " with a scalar is not supported");
  }
  ctx.SetTop(L, 0, out, A->rank);
  return Status::OK();
}

Status ConvertBinaryOp(NcnnContext& ctx, const NcnnLayer& L) {
  const int op_type = L.pd.Int(0, 0);
  const int with_scalar = L.pd.Int(1, 0);
  if (with_scalar || L.bottoms.size() == 1) return BinaryOpScalar(ctx, L, op_type, L.pd.Float(2, 0.f));
  static const char* const kNames[] = {"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div",
                                       "elementwise_max", "elementwise_min", "elementwise_pow"};
  if (L.bottoms.size() != 2) return InvalidArgument("expects 2 inputs, got ", L.bottoms.size());
  const NcnnBlob* A = ctx.Bottom(L, 0);
  const NcnnBlob* B = ctx.Bottom(L, 1);
  std::string x = A->var, y = B->var;
  int op = op_type;
  if (op == 7 || op == 8 || op == 9) {  // reversed: b - a, b / a, b ^ a
    std::swap(x, y);
    op = op - 6;  // rsub -> sub, rdiv -> div, rpow -> pow
  }
  if (op < 0 || op > 6) return Unimplemented("op_type ", op_type, " is not supported");
  ctx.AddOp(kNames[op], {{"X", {x}}, {"Y", {y}}}, {{"Out", {L.tops[0]}}},
            {{"axis", Attribute::Int(BroadcastAxis(A->rank, B->rank))}});
  ctx.SetTop(L, 0, L.tops[0], std::max(A->rank, B->rank));
  return Status::OK();
}

Status ConvertUnaryOp(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const int t = L.pd.Int(0, 0);
  // 0 abs 1 neg 2 floor 3 ceil 4 square 5 sqrt 6 rsqrt 7 exp 8 log 9 sin 10 cos 11 tan 12 asin 13 acos
  // 14 atan 15 reciprocal 16 tanh 17 log10 18 round 19 trunc
  static const char* const kTypes[] = {"abs", nullptr, "floor", "ceil", "square", "sqrt", "rsqrt", "exp", "log",
                                       "sin", "cos", "tan", "asin", "acos", "atan", "reciprocal", "tanh", "log10",
                                       "round", "trunc"};
  if (t < 0 || t > 19) return Unimplemented("op_type ", t, " is not supported");
  if (t == 1) return ctx.AddActivationLayer(L, "scale", ScaleBias(-1.f, 0.f));
  return ctx.AddActivationLayer(L, kTypes[t]);
}

Status ConvertEltwise(NcnnContext& ctx, const NcnnLayer& L) {
  const int op_type = L.pd.Int(0, 0);
  std::vector<float> coeffs = L.pd.Floats(1);
  if (L.bottoms.size() < 2) return InvalidArgument("expects at least 2 inputs");
  if (op_type < 0 || op_type > 2) return Unimplemented("op_type ", op_type, " is not supported");
  if (!coeffs.empty() && coeffs.size() != L.bottoms.size())
    return InvalidArgument(coeffs.size(), " coefficients for ", L.bottoms.size(), " inputs");
  if (op_type != 1 && !coeffs.empty()) return InvalidArgument("coefficients apply to op_type 1 (sum) only");
  const char* type = op_type == 0 ? "elementwise_mul" : op_type == 1 ? "elementwise_add" : "elementwise_max";
  const std::string& out = L.tops[0];
  std::vector<std::string> ins;
  for (size_t i = 0; i < L.bottoms.size(); ++i) {
    std::string v = ctx.Bottom(L, i)->var;
    if (!coeffs.empty() && coeffs[i] != 1.f) {
      std::string t = ctx.Temp(out);
      ctx.AddActivation("scale", v, t, ScaleBias(coeffs[i], 0.f));
      v = t;
    }
    ins.push_back(v);
  }
  std::string acc = ins[0];
  for (size_t i = 1; i < ins.size(); ++i) {
    std::string o = i + 1 == ins.size() ? out : ctx.Temp(out);
    ctx.AddOp(type, {{"X", {acc}}, {"Y", {ins[i]}}}, {{"Out", {o}}}, {{"axis", Attribute::Int(-1)}});
    acc = o;
  }
  ctx.SetTop(L, 0, out, ctx.Bottom(L, 0)->rank);
  return Status::OK();
}

// Multiplies the layer's output by coeff: the last op's output `out` is renamed and scaled back into it.
void ApplyReductionCoeff(NcnnContext& ctx, const std::string& out, float coeff) {
  if (coeff == 1.f) return;
  OpDesc& last = ctx.block().ops.back();
  std::string t = ctx.Temp(out);
  for (auto& kv : last.outputs)
    for (auto& n : kv.second)
      if (n == out) n = t;
  ctx.DeclareVar(t);
  ctx.AddActivation("scale", t, out, ScaleBias(coeff, 0.f));
}

Status ConvertReduction(NcnnContext& ctx, const NcnnLayer& L) {
  EMBER_RETURN_IF_ERROR(NcnnOneInOut(L));
  const NcnnParamDict& pd = L.pd;
  const int op = pd.Int(0, 0);
  const int reduce_all = pd.Int(1, 1);
  const float coeff = pd.Float(2, 1.f);
  std::vector<int> axes = pd.Ints(3);
  const int keepdims = pd.Int(4, 0);
  const NcnnBlob* in = ctx.Bottom(L, 0);
  const std::string& out = L.tops[0];
  const char* type = op == 0   ? "reduce_sum"
                     : op == 3 ? "reduce_mean"
                     : op == 4 ? "reduce_max"
                     : op == 5 ? "reduce_min"
                               : nullptr;
  if (!type) return Unimplemented("operation ", op, " (only 0 sum, 3 mean, 4 max, 5 min) is not supported");
  std::map<std::string, Attribute> a;
  a["keep_dim"] = Attribute::Bool(keepdims != 0);
  int out_rank = in->rank;
  std::vector<int64_t> dims;
  if (reduce_all || axes.empty()) {
    if (in->rank == 0) return Unimplemented("reduce_all needs the input's rank");
    for (int i = 1; i <= in->rank; ++i) dims.push_back(i);
    a["dim"] = Attribute::Ints(dims);
    if (!keepdims) {
      // ncnn gives a 1-D blob of one value; Ember keeps the batch dim: reduce every dim but the batch.
      std::string t = ctx.Temp(out);
      ctx.AddOp(type, {{"X", {in->var}}}, {{"Out", {t}}}, a);
      ctx.AddOp("reshape2", {{"X", {t}}}, {{"Out", {out}}}, {{"shape", Attribute::Ints({1, 1})}});
      ctx.SetTop(L, 0, out, 1);
      ApplyReductionCoeff(ctx, out, coeff);
      return Status::OK();
    }
  } else {
    for (int x : axes) dims.push_back(NcnnAxisToEmber(x));
    a["dim"] = Attribute::Ints(dims);
    if (!keepdims) {
      if (in->rank == 0) return Unimplemented("reduction without keepdims needs the input's rank");
      out_rank = std::max(1, in->rank - static_cast<int>(axes.size()));
    }
  }
  ctx.AddOp(type, {{"X", {in->var}}}, {{"Out", {out}}}, a);
  ctx.SetTop(L, 0, out, out_rank);
  ApplyReductionCoeff(ctx, out, coeff);
  return Status::OK();
}

// ---------------------------------------------------------------------------------------------------------
// Activations
// ---------------------------------------------------------------------------------------------------------

Status ConvertReLU(NcnnContext& ctx, const NcnnLayer& L) {
  const float slope = L.pd.Float(0, 0.f);
  if (slope == 0.f) return ctx.AddActivationLayer(L, "relu");
  return ctx.AddActivationLayer(L, "leaky_relu", {{"alpha", Attribute::Float(slope)}});
}

Status ConvertClip(NcnnContext& ctx, const NcnnLayer& L) {
  const float lo = L.pd.Float(0, -FLT_MAX), hi = L.pd.Float(1, FLT_MAX);
  if (!(lo <= hi)) return InvalidArgument("min ", lo, " exceeds max ", hi);
  return ctx.AddActivationLayer(L, "clip", {{"min", Attribute::Float(lo)}, {"max", Attribute::Float(hi)}});
}

Status ConvertSigmoid(NcnnContext& ctx, const NcnnLayer& L) { return ctx.AddActivationLayer(L, "sigmoid"); }
Status ConvertTanH(NcnnContext& ctx, const NcnnLayer& L) { return ctx.AddActivationLayer(L, "tanh"); }
Status ConvertAbsVal(NcnnContext& ctx, const NcnnLayer& L) { return ctx.AddActivationLayer(L, "abs"); }

Status ConvertHardSigmoid(NcnnContext& ctx, const NcnnLayer& L) {
  return ctx.AddActivationLayer(
      L, "hard_sigmoid",
      {{"slope", Attribute::Float(L.pd.Float(0, 0.2f))}, {"offset", Attribute::Float(L.pd.Float(1, 0.5f))}});
}

Status ConvertHardSwish(NcnnContext& ctx, const NcnnLayer& L) {
  const float alpha = L.pd.Float(0, 0.2f), beta = L.pd.Float(1, 0.5f);
  if (!(alpha > 0.f)) return Unimplemented("alpha ", alpha, " <= 0 is not supported");
  return ctx.AddActivationLayer(L, "hard_swish",
                                {{"threshold", Attribute::Float(1.f / alpha)}, {"scale", Attribute::Float(1.f / alpha)},
                                 {"offset", Attribute::Float(beta / alpha)}});
}

Status ConvertSwish(NcnnContext& ctx, const NcnnLayer& L) {
  return ctx.AddActivationLayer(L, "swish", {{"beta", Attribute::Float(1.f)}});
}

Status ConvertGELU(NcnnContext& ctx, const NcnnLayer& L) {
  return ctx.AddActivationLayer(L, "gelu", {{"approximate", Attribute::Bool(L.pd.Int(0, 0) != 0)}});
}

}  // namespace

const std::vector<NcnnConverter>& NcnnMathConverters() {
  static const std::vector<NcnnConverter> rows = {
      {"BinaryOp", EMBER_KEPT_CONVERTER("ncnn", "BinaryOp", ConvertBinaryOp)},
      {"UnaryOp", EMBER_KEPT_CONVERTER("ncnn", "UnaryOp", ConvertUnaryOp)},
      {"Eltwise", EMBER_KEPT_CONVERTER("ncnn", "Eltwise", ConvertEltwise)},
      {"Reduction", EMBER_KEPT_CONVERTER("ncnn", "Reduction", ConvertReduction)},
      {"ReLU", EMBER_KEPT_CONVERTER("ncnn", "ReLU", ConvertReLU)},
      {"Clip", EMBER_KEPT_CONVERTER("ncnn", "Clip", ConvertClip)},
      {"Sigmoid", EMBER_KEPT_CONVERTER("ncnn", "Sigmoid", ConvertSigmoid)},
      {"TanH", EMBER_KEPT_CONVERTER("ncnn", "TanH", ConvertTanH)},
      {"AbsVal", EMBER_KEPT_CONVERTER("ncnn", "AbsVal", ConvertAbsVal)},
      {"HardSigmoid", EMBER_KEPT_CONVERTER("ncnn", "HardSigmoid", ConvertHardSigmoid)},
      {"HardSwish", EMBER_KEPT_CONVERTER("ncnn", "HardSwish", ConvertHardSwish)},
      {"Swish", EMBER_KEPT_CONVERTER("ncnn", "Swish", ConvertSwish)},
      {"GELU", EMBER_KEPT_CONVERTER("ncnn", "GELU", ConvertGELU)},
  };
  return rows;
}

}  // namespace ember
