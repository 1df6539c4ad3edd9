#include "operators/kernel/x86/fma_peak.h"

#include "operators/kernel/simd/fma_peak.h"

namespace ember {
namespace x86 {

double MeasureFmaPeakGflops(Isa isa, int threads, double seconds) {
  if (!IsaSupported(isa)) isa = DetectedIsa();
  if (isa == Isa::kAvx512) return simd::MeasureFmaPeakGflops(FmaLoopAvx512, 16, threads, seconds);
  if (isa == Isa::kAvx2) return simd::MeasureFmaPeakGflops(FmaLoopAvx2, 8, threads, seconds);
  return simd::MeasureFmaPeakGflops(simd::FmaLoopGeneric, 4, threads, seconds);
}

}  // namespace x86
}  // namespace ember
