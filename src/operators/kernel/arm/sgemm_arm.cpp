// The ARM levels' SGEMM kernel sets for the shared driver (simd/sgemm.cpp).
#include "operators/kernel/arm/sgemm_arm.h"

namespace ember {
namespace arm {

const simd::GemmKernels& GemmKernelsOf(Isa isa) {
#if defined(__aarch64__)
  static const simd::GemmKernels kNeon = {GemmKernelNeon, 16, 4, GatherEvenNeon, GemmAxpy4Neon, GemmRowNeon};
#else
  static const simd::GemmKernels kNeon = {GemmKernelNeon, 8, 4, GatherEvenNeon, GemmAxpy4Neon};
#endif
  if (LowestIsa() == Isa::kNeon || (isa == Isa::kNeon && IsaSupported(isa))) return kNeon;
  return simd::GenericGemmKernels();
}

}  // namespace arm
}  // namespace ember
