// ARM SGEMM: the shared driver (simd/sgemm.h) with the micro-kernels of an ARM level: NEON 6 x 16 tiles on
// aarch64, 6 x 8 on armv7; the generic level runs simd::GemmKernelGeneric (6 x 8, vector extensions).
#pragma once

#include <cstdint>

#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/simd/sgemm.h"

namespace ember {
namespace arm {

// The kernel set of `isa`, clamped to the detected level.
const simd::GemmKernels& GemmKernelsOf(Isa isa);

// ---- NEON micro-kernels (sgemm_neon.cpp) ----
void GemmKernelNeon(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc, int mr,
                    int nr, const simd::GemmEpilogue& ep);
void GatherEvenNeon(const float* src, float* dst, int64_t n);
void GemmAxpy4Neon(const float* a4, const float* b, int64_t ldb, float* s, int64_t n);
#if defined(__aarch64__)
// GemmKernels::row (the full-width tiles of one row panel: the asm 16-column tiles with their epilogue).
void GemmRowNeon(int64_t kc, const float* a, const float* b, int64_t panel_step, int64_t ldb, float* c,
                 int64_t ldc, int mr, int64_t n, const simd::GemmEpilogue& ep);
#endif

}  // namespace arm
}  // namespace ember
