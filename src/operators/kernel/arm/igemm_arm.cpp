// Which int8 GEMM micro-kernels an ARM level runs (igemm_arm.h).
#include "operators/kernel/arm/igemm_arm.h"

#include "operators/kernel/central-arm-func/quantize_linear_func.h"

namespace ember {
namespace arm {

namespace {
constexpr IgemmKernels kWide = {IgemmKernelNeon, kIgemmWideMR, 1, "igemm neon"};
#if defined(__aarch64__)
constexpr IgemmKernels kDot = {IgemmKernelDotNeon, kIgemmDotMR, 1, "igemm neon sdot"};
bool HasDot() { return DetectedFeatures().dotprod; }
#else
constexpr IgemmKernels kDot = kWide;
bool HasDot() { return false; }
#endif
}  // namespace

IgemmKernels IgemmKernelsFor(Isa isa) {
  if (isa != Isa::kNeon || !IsaSupported(isa)) return simd::kIgemmGeneric;
  return HasDot() ? kDot : kWide;
}

void QuantizeU8(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y, Isa isa) {
#if defined(__aarch64__)
  if (isa == Isa::kNeon && IsaSupported(isa)) return QuantizeU8Neon(x, n, mul, lo, hi, ties_away, y);
#endif
  if (ties_away) QuantizeRun<false, true>(x, n, 0.f, mul, 128.f, lo + 128.f, hi + 128.f, y);
  else QuantizeRun<false, false>(x, n, 0.f, mul, 128.f, lo + 128.f, hi + 128.f, y);
}

std::vector<IgemmKernels> IgemmKernelSets() {
  std::vector<IgemmKernels> sets = {simd::kIgemmGeneric};
  if (IsaSupported(Isa::kNeon)) sets.push_back(kWide);
  if (IsaSupported(Isa::kNeon) && HasDot()) sets.push_back(kDot);
  return sets;
}

}  // namespace arm
}  // namespace ember
