#include "operators/kernel/x86/activation_x86.h"

#include <algorithm>
#include <cmath>

#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/simd/activation.h"

namespace ember {
namespace x86 {

static_assert(static_cast<int>(ActivationType::kNone) == kVNone, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kRelu) == kVRelu, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kRelu6) == kVRelu6, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kLeakyRelu) == kVLeakyRelu, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kSigmoid) == kVSigmoid, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kTanh) == kVTanh, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kSwish) == kVSwish, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kHardSwish) == kVHardSwish, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kHardSigmoid) == kVHardSigmoid, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kGelu) == kVGelu, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kGeluTanh) == kVGeluTanh, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kExp) == kVExp, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kLog) == kVLog, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kSqrt) == kVSqrt, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kAbs) == kVAbs, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kPow) == kVPow, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kScale) == kVScale, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kScaleBiasFirst) == kVScaleBiasFirst, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kClip) == kVClip, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kErf) == kVErf, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kElu) == kVElu, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kSelu) == kVSelu, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kSoftplus) == kVSoftplus, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kSoftsign) == kVSoftsign, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kCelu) == kVCelu, "VActType follows ActivationType");
static_assert(static_cast<int>(ActivationType::kThresholdedRelu) == kVThresholdedRelu,
              "VActType follows ActivationType");

void VMathArray(VMathFn fn, const float* x, float* y, int64_t n, Isa isa) {
  if (isa == Isa::kAvx512 && IsaSupported(isa)) return VMathArrayAvx512(fn, x, y, n);
  if (isa >= Isa::kAvx2 && IsaSupported(Isa::kAvx2)) return VMathArrayAvx2(fn, x, y, n);
  for (int64_t i = 0; i < n; ++i) {
    const float v = x[i];
    switch (fn) {
      case VMathFn::kExp: y[i] = std::exp(v); break;
      case VMathFn::kExpm1: y[i] = std::expm1(v); break;
      case VMathFn::kSigmoid: y[i] = 1.f / (1.f + std::exp(-v)); break;
      case VMathFn::kTanh: y[i] = std::tanh(v); break;
      case VMathFn::kErf: y[i] = std::erf(v); break;
    }
  }
}

namespace {
// The variant ActivationArray runs (kGeneric: the portable loop).
Isa ChooseIsa(ActivationType type, Isa isa) {
  if (!VActVectorized(static_cast<int>(type))) return Isa::kGeneric;
  if (isa == Isa::kAvx512 && IsaSupported(Isa::kAvx512)) return Isa::kAvx512;
  if (isa >= Isa::kAvx2 && IsaSupported(Isa::kAvx2)) return Isa::kAvx2;
  return Isa::kGeneric;
}
}  // namespace

bool ActivationVectorized(ActivationType type, Isa isa) { return ChooseIsa(type, isa) != Isa::kGeneric; }

void ActivationArray(const ActivationSpec& a, const float* x, float* y, int64_t n, Isa isa) {
  if (n <= 0) return;
  const Isa use = ChooseIsa(a.type, isa);
  if (use == Isa::kGeneric) {
    ActivationCompute(a, x, y, n);
    return;
  }
  simd::ActivationRun(a, x, y, n, use == Isa::kAvx512 ? ActArrayAvx512 : ActArrayAvx2);
}

const char* ActivationKernelName(const ActivationSpec& a, Isa isa) {
  switch (ChooseIsa(a.type, isa)) {
    case Isa::kAvx512: return "avx512 vec";
    case Isa::kAvx2: return "avx2 vec";
    default: return "portable";
  }
}

}  // namespace x86
}  // namespace ember
