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
// 6 x 64 tiles: 24 of the 32 registers accumulate, so each B vector loaded serves 6 FMAs and each broadcast 4
// (the 6 x 32 tile: 2). Measured with ember_gemm_bench against 6 x 32: 1024x169x1024 and 512x676x512 5-20%
// faster on 2 threads, equal in L1.
#define EMBER_GEMM_NV 4
#include "operators/kernel/x86/sgemm_kernel.inc"

}  // namespace x86
}  // namespace ember
