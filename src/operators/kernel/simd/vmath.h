// The plain-data activation spec and the vector math functions the shared kernel bodies
// (vmath_kernel.inc, eltwise / softmax kernels) are written over; x86/vmath_x86.h states their accuracy.
// Kept free of framework headers: the per-ISA kernel files include it.
#pragma once

#include <cstdint>

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
