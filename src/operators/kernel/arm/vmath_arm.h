// ARM activations, elementwise and softmax: the NEON kernels (vmath_neon.cpp, eltwise_neon.cpp,
// softmax_neon.cpp, written once in simd/*_kernel.inc) and their drivers (the shared simd/eltwise.h and
// simd/softmax.h; the activation split in vmath_arm.cpp).
#pragma once

#include <cstdint>

#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/simd/softmax.h"
#include "operators/kernel/simd/vmath.h"

namespace ember {
struct ActivationSpec;

namespace arm {

bool ActArrayNeon(const simd::VActSpec& s, const float* x, float* y, int64_t n);
void EltRowNeon(int op, const float* x, int64_t sx, int64_t x_step, const float* y, int64_t sy, int64_t y_step, float* out,
                int64_t n, int64_t reps);
void SoftmaxRowsNeon(const float* x, float* y, int64_t rows, int64_t n, bool log);
void SoftmaxInnerNeon(const float* x, float* y, int64_t n, int64_t inner, int64_t i0, int64_t i1, bool log);

// y[i] = act(x[i]) for i < n (x == y allowed): NEON at the neon level for the types VActVectorized takes, else
// the portable loop. Parallel over blocks of 16K floats when n > 64K and not inside a parallel region.
void ActivationArrayArm(const ActivationSpec& a, const float* x, float* y, int64_t n);
// "neon vec" or "portable": what ActivationArrayArm runs for `a`.
const char* ActivationKernelName(const ActivationSpec& a);

}  // namespace arm
}  // namespace ember
