// AVX-512F micro-kernels (this file is compiled with -mavx512f -mfma; see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/sgemm_x86.h"

namespace ember {
namespace x86 {

#define V __m512
#define VW 16
#define VLOAD(p) _mm512_loadu_ps(p)
#define VSTORE(p, v) _mm512_storeu_ps(p, v)
#define VLOADN(p, n) _mm512_maskz_loadu_ps(static_cast<__mmask16>((1u << (n)) - 1u), p)
#define VSTOREN(p, v, n) _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << (n)) - 1u), v)
#define VSET1(x) _mm512_set1_ps(x)
#define VFMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#define VZERO() _mm512_setzero_ps()
#define VMUL(a, b) _mm512_mul_ps(a, b)
#define VADD(a, b) _mm512_add_ps(a, b)
#define VMAX(a, b) _mm512_max_ps(a, b)
#define VMIN(a, b) _mm512_min_ps(a, b)
#define EMBER_GEMM_KERNEL GemmKernelAvx512
#define EMBER_GEMM_AXPY4 GemmAxpy4Avx512
// 6 x 64 tiles: 24 of the 32 registers accumulate, so each B vector loaded serves 6 FMAs and each broadcast 4
// (the 6 x 32 tile: 2). Measured with ember_gemm_bench against 6 x 32: 1024x169x1024 and 512x676x512 5-20%
// faster on 2 threads, equal in L1.
#define EMBER_GEMM_NV 4
#include "operators/kernel/simd/sgemm_kernel.inc"

void GatherEvenAvx512(const float* src, float* dst, int64_t n) {
  const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  int64_t t = 0;
  for (; t + 16 < n; t += 16)  // reads src[2t .. 2t + 31] <= src[2n - 3]
    _mm512_storeu_ps(dst + t, _mm512_permutex2var_ps(_mm512_loadu_ps(src + 2 * t), even,
                                                     _mm512_loadu_ps(src + 2 * t + 16)));
  for (; t < n; ++t) dst[t] = src[2 * t];
}

}  // namespace x86
}  // namespace ember
