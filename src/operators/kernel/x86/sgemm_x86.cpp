// The x86 levels' SGEMM kernel sets for the shared driver (simd/sgemm.cpp).
#include "operators/kernel/x86/sgemm_x86.h"

namespace ember {
namespace x86 {

const simd::GemmKernels& GemmKernelsOf(Isa isa) {
  static const simd::GemmKernels kAvx2 = {GemmKernelAvx2, 16, 8, GatherEvenAvx2, GemmAxpy4Avx2};
  static const simd::GemmKernels kAvx512 = {GemmKernelAvx512, 64, 16, GatherEvenAvx512, GemmAxpy4Avx512};
  switch (isa) {
    case Isa::kAvx512: return kAvx512;
    case Isa::kAvx2: return kAvx2;
    case Isa::kGeneric: break;
  }
  return simd::GenericGemmKernels();
}

}  // namespace x86
}  // namespace ember
