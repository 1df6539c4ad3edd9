// AVX2+FMA Winograd kernels (compiled with -mavx2 -mfma; see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/winograd_x86.h"

namespace ember {
namespace x86 {

#define V __m256
#define VW 8
#define VLOAD(p) _mm256_loadu_ps(p)
#define VSTORE(p, v) _mm256_storeu_ps(p, v)
#define VSET1(x) _mm256_set1_ps(x)
#define VFMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define VZERO() _mm256_setzero_ps()
#define VMUL(a, b) _mm256_mul_ps(a, b)
#define VADD(a, b) _mm256_add_ps(a, b)
#define VSUB(a, b) _mm256_sub_ps(a, b)
#define VMAX(a, b) _mm256_max_ps(a, b)
#define VMIN(a, b) _mm256_min_ps(a, b)
#define WINO_CHANNEL_LANES 1
#define EMBER_WINO_KERNELS WinoKernelsAvx2
#include "operators/kernel/simd/winograd_kernel.inc"

}  // namespace x86
}  // namespace ember
