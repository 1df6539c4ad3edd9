// IEEE half -> float32 widening on x86 (the loader's FP16 weights): F16C's vcvtph2ps, 8 halves per
// instruction (half_avx2.cpp) or 16 with AVX-512F (half_avx512.cpp). Bit for bit as the portable HalfToFloat
// (framework/float16.h): both keep subnormals exact and quiet NaNs.
#pragma once

#include <cstdint>

#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

void HalfToFloatAvx2(const void* src, float* dst, int64_t n);    // needs F16C (HasF16c)
void HalfToFloatAvx512(const void* src, float* dst, int64_t n);  // needs AVX-512F

// True when `isa` (active, supported) has a widening kernel here.
inline bool HalfToFloatX86Supported(Isa isa) {
  return isa == Isa::kAvx512 || (isa == Isa::kAvx2 && HasF16c());
}
// Requires HalfToFloatX86Supported(isa).
inline void HalfToFloatX86(const void* src, float* dst, int64_t n, Isa isa) {
  if (isa == Isa::kAvx512) return HalfToFloatAvx512(src, dst, n);
  HalfToFloatAvx2(src, dst, n);
}

}  // namespace x86
}  // namespace ember
