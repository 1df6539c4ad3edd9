#include "operators/kernel/x86/eltwise_x86.h"

#include "operators/elementwise_op.h"
#include "operators/kernel/simd/eltwise.h"
#include "operators/kernel/x86/vmath_x86.h"

namespace ember {
namespace x86 {

bool ElementwiseX86Supported(ElementwiseType type, Isa isa) {
  return simd::ElementwiseTypeVectorized(type) && isa != Isa::kGeneric && IsaSupported(isa);
}

void ElementwiseX86(ElementwiseType type, const BroadcastPlan& plan, const float* x, const float* y, float* out,
                    const ActivationSpec& act, Isa isa) {
  if (isa == Isa::kAvx512) return simd::ElementwiseRun(type, plan, x, y, out, act, EltRowAvx512, ActArrayAvx512);
  simd::ElementwiseRun(type, plan, x, y, out, act, EltRowAvx2, ActArrayAvx2);
}

const char* ElementwiseKernelName(ElementwiseType type, Isa isa) {
  if (!ElementwiseX86Supported(type, isa)) return "portable";
  return isa == Isa::kAvx512 ? "avx512 vec" : "avx2 vec";
}

}  // namespace x86
}  // namespace ember
