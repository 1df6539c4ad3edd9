// Elementwise activations on x86: every ActivationType, vectorized (AVX-512F / AVX2+FMA, vmath_x86.h)
// where VActVectorized says so, else the portable loop of central-arm-func/activation_func.h.
#pragma once

#include <cstdint>

#include "operators/activation_op.h"
#include "operators/kernel/x86/cpu_isa.h"
#include "operators/kernel/x86/vmath_x86.h"

namespace ember {
namespace x86 {

inline VActSpec ToVActSpec(const ActivationSpec& a) {
  VActSpec s;
  s.type = static_cast<int>(a.type);
  s.a = a.a;
  s.b = a.b;
  s.c = a.c;
  return s;
}

// True when ActivationArray runs a vector variant for `type` on `isa` (isa avx2/avx512 and supported).
bool ActivationVectorized(ActivationType type, Isa isa);

// y[i] = act(x[i]) for i < n (x == y allowed) with `isa` (clamped to what the machine supports); the
// portable loop for generic or a type not vectorized. Parallel over blocks of 16K floats when n > 64K
// and not already inside a parallel region.
void ActivationArray(const ActivationSpec& a, const float* x, float* y, int64_t n, Isa isa);

// "avx512 vec", "avx2 vec" or "portable": what ActivationArray runs for `a` on `isa`.
const char* ActivationKernelName(const ActivationSpec& a, Isa isa);

}  // namespace x86
}  // namespace ember
