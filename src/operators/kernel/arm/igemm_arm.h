// ARM micro-kernels of the int8 GEMM (simd/igemm.h, behind cpu_accel.h's IgemmAccel). At the neon level:
// with the dot-product extension (aarch64 asimddp, checked at run time) `sdot`, 16 byte products per
// instruction on A - 128 (signed x signed; the driver's col_sum term puts the 128 back), 4 rows x 16 columns;
// without it NEON widening to int16 and vmlal by lane (exact: |255 * 127| fits int16 x int16 -> int32),
// 6 rows x 16 columns on aarch64, 2 on armv7. The generic level runs simd's loops.
#pragma once

#include <cstdint>
#include <vector>

#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/simd/igemm.h"

namespace ember {
namespace arm {

using simd::IgemmKernels;
using simd::IgemmTerms;

IgemmKernels IgemmKernelsFor(Isa isa);
// Every set this machine runs, generic first (for the tests).
std::vector<IgemmKernels> IgemmKernelSets();

// rows of a widening tile (igemm_neon.cpp)
#if defined(__aarch64__)
constexpr int kIgemmWideMR = 6;
#else
constexpr int kIgemmWideMR = 2;
#endif
constexpr int kIgemmDotMR = 4;

void IgemmKernelNeon(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                     const IgemmTerms& t, int32_t* tile, int mr, int np);
// aarch64 only (igemm_dot_neon.cpp, compiled for armv8.2-a+dotprod); call only where DetectedFeatures().dotprod.
void IgemmKernelDotNeon(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                        const IgemmTerms& t, int32_t* tile, int mr, int np);

// IgemmAccel::quantize_u8 at `isa`: NEON on aarch64 (quantize_neon.cpp), the portable loop otherwise.
void QuantizeU8(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y, Isa isa);
#if defined(__aarch64__)
void QuantizeU8Neon(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y);
#endif

}  // namespace arm
}  // namespace ember
