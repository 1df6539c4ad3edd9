#include "operators/kernel/arm/vmath_arm.h"

#include "operators/activation_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/simd/activation.h"

namespace ember {
namespace arm {

namespace {
bool Vectorized(const ActivationSpec& a) {
  return ActiveIsa() == Isa::kNeon && IsaSupported(Isa::kNeon) && simd::VActVectorized(static_cast<int>(a.type));
}
}  // namespace

void ActivationArrayArm(const ActivationSpec& a, const float* x, float* y, int64_t n) {
  if (n <= 0) return;
  if (!Vectorized(a)) return ActivationCompute(a, x, y, n);
  simd::ActivationRun(a, x, y, n, ActArrayNeon);
}

const char* ActivationKernelName(const ActivationSpec& a) { return Vectorized(a) ? "neon vec" : "portable"; }

}  // namespace arm
}  // namespace ember
