// The plain-data activation spec and the vector math functions the shared kernel bodies
// (vmath_kernel.inc, eltwise / softmax kernels) are written over; x86/vmath_x86.h states their accuracy.
// Kept free of framework headers: the per-ISA kernel files include it.
#pragma once

#include <cstdint>
#include <string_view>

#include "operators/kernel/kernels_built.h"

namespace ember {
namespace simd {

// The values of ActivationType, in its order (a namespace of their own, for using-directives).
namespace vact {
enum VActType : int {
  kVNone, kVRelu, kVRelu6, kVLeakyRelu, kVSigmoid, kVTanh, kVSwish, kVHardSwish, kVHardSigmoid, kVGelu,
  kVGeluTanh, kVExp, kVLog, kVSqrt, kVAbs, kVPow, kVScale, kVScaleBiasFirst, kVClip, kVErf, kVElu, kVSelu,
  kVSoftplus, kVSoftsign, kVCelu, kVThresholdedRelu,
};
}  // namespace vact
using namespace vact;

// The activation op type of a VActType ("gelu" for both of gelu's forms, "scale" for both orders).
constexpr std::string_view VActOpType(int t) {
  constexpr std::string_view kNames[] = {
      "",         "relu", "relu6", "leaky_relu", "sigmoid", "tanh", "swish", "hard_swish", "hard_sigmoid",
      "gelu",     "gelu", "exp",   "log",        "sqrt",    "abs",  "pow",   "scale",      "scale",
      "clip",     "erf",  "elu",   "selu",       "softplus", "softsign", "celu", "thresholded_relu"};
  return t >= 0 && t < static_cast<int>(sizeof(kNames) / sizeof(kNames[0])) ? kNames[t] : std::string_view();
}
static_assert(VActOpType(kVThresholdedRelu) == "thresholded_relu", "VActOpType lists every VActType");

// True when this build computes activation type t (none always): a net profile keeps the code of the
// activations it lists as "act_<op type>" (kernels_built.h).
constexpr bool VActBuilt(int t) { return t == kVNone || ActivationBuilt(VActOpType(t)); }

// ActivationSpec as plain data.
struct VActSpec {
  int type = kVNone;
  float a = 0.f, b = 0.f, c = 0.f;
};

// True for the types the ISA variants compute (the others: log, pow, softplus run the portable loop).
bool VActVectorized(int type);

enum class VMathFn : int { kExp, kExpm1, kSigmoid, kTanh, kErf };

// y[i] = act(x[i]) for i < n (x == y allowed); false, with nothing written, for a type VActVectorized
// rejects. Serial: callers split large arrays across threads. One per ISA file.
using ActArrayFn = bool (*)(const VActSpec& s, const float* x, float* y, int64_t n);

}  // namespace simd
}  // namespace ember
