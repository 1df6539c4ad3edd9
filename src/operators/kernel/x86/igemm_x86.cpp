// Which int8 GEMM micro-kernels an x86 level runs (igemm_x86.h).
#include "operators/kernel/x86/igemm_x86.h"

#include "operators/kernel/central-arm-func/quantize_linear_func.h"

namespace ember {
namespace x86 {

IgemmKernels IgemmKernelsFor(Isa isa) {
  if (!IsaSupported(isa)) isa = DetectedIsa();
  if (isa == Isa::kAvx512 && HasAvx512Vnni()) return {IgemmKernelAvx512Vnni, 6, 4, "igemm avx512vnni"};
  if (isa != Isa::kGeneric) return {IgemmKernelAvx2, 4, 1, "igemm avx2"};
  return simd::kIgemmGeneric;
}

void QuantizeU8(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y, Isa isa) {
  if (!IsaSupported(isa)) isa = DetectedIsa();
  if (isa == Isa::kAvx512) return QuantizeU8Avx512(x, n, mul, lo, hi, ties_away, y);
  if (isa == Isa::kAvx2) return QuantizeU8Avx2(x, n, mul, lo, hi, ties_away, y);
  if (ties_away) QuantizeRun<false, true>(x, n, 0.f, mul, 128.f, lo + 128.f, hi + 128.f, y);
  else QuantizeRun<false, false>(x, n, 0.f, mul, 128.f, lo + 128.f, hi + 128.f, y);
}

std::vector<IgemmKernels> IgemmKernelSets() {
  std::vector<IgemmKernels> sets = {simd::kIgemmGeneric};
  if (IsaSupported(Isa::kAvx2)) sets.push_back(IgemmKernelsFor(Isa::kAvx2));
  if (IsaSupported(Isa::kAvx512) && HasAvx512Vnni()) sets.push_back(IgemmKernelsFor(Isa::kAvx512));
  return sets;
}

}  // namespace x86
}  // namespace ember
