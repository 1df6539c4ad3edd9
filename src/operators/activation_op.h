// Elementwise activations and unary math: relu and friends, exp/log/sqrt/abs/pow, scale and clip. One op
// class serves every type listed in ActivationType; the op's type string picks the function and its
// attributes.
#pragma once

#include <cfloat>
#include <string>

#include "framework/operator.h"
#include "operators/kernel/activation_kernel.h"
#include "operators/kernel/simd/vmath.h"

namespace ember {

// The formula of each type; a, b, c are ActivationSpec's parameters (named after Paddle's attributes).
enum class ActivationType {
  kNone,            // x: the default fused activation of conv/fc
  kRelu,            // max(x, 0)
  kRelu6,           // min(max(x, 0), a)                      a = threshold
  kLeakyRelu,       // x > 0 ? x : a * x                      a = alpha
  kSigmoid,         // 1 / (1 + exp(-x))
  kTanh,            // tanh(x)
  kSwish,           // x * sigmoid(a * x)                     a = beta
  kHardSwish,       // x * min(max(x + c, 0), a) / b          a = threshold, b = scale, c = offset
  kHardSigmoid,     // min(max(a * x + b, 0), 1)              a = slope, b = offset
  kGelu,            // 0.5 x (1 + erf(x / sqrt 2))            gelu, approximate = false
  kGeluTanh,        // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))   gelu, approximate = true
  kExp,             // exp(x)
  kLog,             // log(x)
  kSqrt,            // sqrt(x)
  kAbs,             // |x|
  kPow,             // x ^ a                                  a = factor
  kScale,           // a * x + b                              scale, bias_after_scale = true
  kScaleBiasFirst,  // a * (x + b)                            scale, bias_after_scale = false
  kClip,            // min(max(x, a), b)                      a = min, b = max
  kErf,             // erf(x)
  kElu,             // x > 0 ? x : a (exp(x) - 1)             a = alpha
  kSelu,            // b (x > 0 ? x : a (exp(x) - 1))         a = alpha, b = scale
  kSoftplus,        // a x > b ? x : log(1 + exp(a x)) / a    a = beta, b = threshold
  kSoftsign,        // x / (1 + |x|)
  kCelu,            // max(x, 0) + min(a (exp(x / a) - 1), 0)  a = alpha
  kThresholdedRelu, // x > a ? x : 0                          a = threshold
};

// The fused-activation parameter of conv/fc and the attributes of a standalone activation op.
struct ActivationSpec {
  ActivationType type = ActivationType::kNone;
  float a = 0.f;
  float b = 0.f;
  float c = 0.f;
};

struct ActivationParam {
  const Tensor* x = nullptr;
  Tensor* out = nullptr;
  ActivationSpec act;
  Status Bind(ParamBinder* b);
};

// The parsers are inline so that conv/fc link without activation_op.cpp (a slim profile may list conv2d
// and no standalone activation).

// Maps an op type ("relu", ...) and its attributes to a spec; Unimplemented for an unknown type,
// InvalidArgument for attribute values the formula cannot take (clip min > max, hard_swish scale 0).
inline Status ParseActivation(const std::string& op_type, AttrReader* attrs, ActivationSpec* spec) {
  ActivationSpec s;
  if (op_type == "relu") {
    s.type = ActivationType::kRelu;
  } else if (op_type == "relu6") {
    s.type = ActivationType::kRelu6;
    s.a = attrs->Float("threshold", 6.f);
  } else if (op_type == "leaky_relu") {
    s.type = ActivationType::kLeakyRelu;
    s.a = attrs->Float("alpha", 0.02f);
  } else if (op_type == "sigmoid") {
    s.type = ActivationType::kSigmoid;
  } else if (op_type == "tanh") {
    s.type = ActivationType::kTanh;
  } else if (op_type == "swish") {
    s.type = ActivationType::kSwish;
    s.a = attrs->Float("beta", 1.f);
  } else if (op_type == "hard_swish") {
    s.type = ActivationType::kHardSwish;
    s.a = attrs->Float("threshold", 6.f);
    s.b = attrs->Float("scale", 6.f);
    s.c = attrs->Float("offset", 3.f);
    if (attrs->status().ok() && s.b == 0.f) return InvalidArgument("attribute scale of hard_swish must not be 0");
  } else if (op_type == "hard_sigmoid") {
    s.type = ActivationType::kHardSigmoid;
    s.a = attrs->Float("slope", 0.2f);
    s.b = attrs->Float("offset", 0.5f);
  } else if (op_type == "gelu") {
    s.type = attrs->Bool("approximate", false) ? ActivationType::kGeluTanh : ActivationType::kGelu;
  } else if (op_type == "exp") {
    s.type = ActivationType::kExp;
  } else if (op_type == "log") {
    s.type = ActivationType::kLog;
  } else if (op_type == "sqrt") {
    s.type = ActivationType::kSqrt;
  } else if (op_type == "abs") {
    s.type = ActivationType::kAbs;
  } else if (op_type == "pow") {
    s.type = ActivationType::kPow;
    s.a = attrs->Float("factor", 1.f);
  } else if (op_type == "scale") {
    s.type = attrs->Bool("bias_after_scale", true) ? ActivationType::kScale : ActivationType::kScaleBiasFirst;
    s.a = attrs->Float("scale", 1.f);
    s.b = attrs->Float("bias", 0.f);
  } else if (op_type == "clip") {
    s.type = ActivationType::kClip;
    s.a = attrs->Float("min", -FLT_MAX);
    s.b = attrs->Float("max", FLT_MAX);
    if (attrs->status().ok() && !(s.a <= s.b))
      return InvalidArgument("attribute min (", s.a, ") of clip must not exceed attribute max (", s.b, ")");
  } else if (op_type == "erf") {
    s.type = ActivationType::kErf;
  } else if (op_type == "elu") {
    s.type = ActivationType::kElu;
    s.a = attrs->Float("alpha", 1.f);
  } else if (op_type == "selu") {
    s.type = ActivationType::kSelu;
    s.a = attrs->Float("alpha", 1.6732632423543772f);
    s.b = attrs->Float("scale", 1.0507009873554805f);
  } else if (op_type == "softplus") {
    s.type = ActivationType::kSoftplus;
    s.a = attrs->Float("beta", 1.f);
    s.b = attrs->Float("threshold", 20.f);
    if (attrs->status().ok() && s.a == 0.f) return InvalidArgument("attribute beta of softplus must not be 0");
  } else if (op_type == "softsign") {
    s.type = ActivationType::kSoftsign;
  } else if (op_type == "celu") {
    s.type = ActivationType::kCelu;
    s.a = attrs->Float("alpha", 1.f);
    if (attrs->status().ok() && s.a == 0.f) return InvalidArgument("attribute alpha of celu must not be 0");
  } else if (op_type == "thresholded_relu") {
    s.type = ActivationType::kThresholdedRelu;
    s.a = attrs->Float("threshold", 1.f);
  } else {
    return Unimplemented("unknown activation ", op_type);
  }
  if (!simd::VActBuilt(static_cast<int>(s.type)))
    return Unimplemented("activation ", op_type, " is not in this build (its net profile lists no act_", op_type,
                         ")");
  EMBER_RETURN_IF_ERROR(attrs->status());
  *spec = s;
  return Status::OK();
}

// Reads the fused activation of a conv/fc: attribute `fuse_activation` (an activation op type, "" or
// absent for none) and that activation's own attributes stored with the prefix `fuse_`
// (relu6 threshold -> fuse_threshold, leaky_relu alpha -> fuse_alpha). The fuse passes write these.
inline Status ParseFusedActivation(const OpDesc& op, ActivationSpec* spec) {
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

// float32 for every type; scale also takes int32 and int64 (Paddle scales integer shape tensors, with
// scale and bias converted to the integer type first).
class ActivationOp : public OperatorWithKernel<CPU, ActivationParam, ActivationKernel<CPU, float>> {
 public:
  using OperatorWithKernel::OperatorWithKernel;
  Status InferShape() override;
};

}  // namespace ember
