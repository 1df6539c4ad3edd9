// Vectorized float math (exp, expm1, sigmoid, tanh, erf) and elementwise activations on x86, AVX2+FMA and
// AVX-512F variants written once (vmath_kernel.inc) over a small vector vocabulary (vmath_isa_*.inc).
//
// Accuracy (measured by test/operators/test_x86_vmath.cpp over a dense sweep of every float exponent
// with +-0, +-inf, NaN, denormals, against std::exp / std::expm1 / std::tanh / std::erf in double,
// rounded to float):
//   exp      <= 1 ulp (measured max 0.98), including results in the denormal range (ulp = 2^-149 there);
//            +inf for x > 88.72, 0 below -103.97, NaN in -> NaN out.
//   expm1    <= 1.5 ulp (measured 1.31); expm1(-0) returns +0.
//   sigmoid  <= 2.5 ulp (measured 2.14) for results >= FLT_MIN; absolute error <= FLT_MIN below that
//            (x < -87.3: the result flushes to 0 once exp(-x) overflows).
//   tanh     <= 1.5 ulp (measured 1.21); odd: the sign of x, including -0, is kept.
//   erf      <= 6 ulp (measured 5.22, near |x| = 3.26 where erf is within 2e-6 of 1); +-1 beyond |x| = 4.
// (The test checks these bounds: Bound() there.)
//
// Kept free of framework headers: the *_avx2.cpp / *_avx512.cpp files include it. Activation types are
// plain ints equal to static_cast<int>(ActivationType) (activation_x86.cpp checks the correspondence).
#pragma once

#include <cstdint>

#include "operators/kernel/simd/vmath.h"
#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

using simd::VActSpec;
using simd::VActVectorized;
using simd::VMathFn;
using namespace simd::vact;  // kVNone, kVRelu, ...

// y[i] = act(x[i]) for i < n (x == y allowed); false, with nothing written, for a type VActVectorized
// rejects. Serial: callers split large arrays across threads.
bool ActArrayAvx2(const VActSpec& s, const float* x, float* y, int64_t n);
bool ActArrayAvx512(const VActSpec& s, const float* x, float* y, int64_t n);

void VMathArrayAvx2(VMathFn fn, const float* x, float* y, int64_t n);
void VMathArrayAvx512(VMathFn fn, const float* x, float* y, int64_t n);
// y[i] = fn(x[i]) with `isa` (serial); generic uses std::exp / std::expm1 / std::tanh / std::erf. Requires
// IsaSupported(isa).
void VMathArray(VMathFn fn, const float* x, float* y, int64_t n, Isa isa);

}  // namespace x86
}  // namespace ember
