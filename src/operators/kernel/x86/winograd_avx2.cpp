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
#define WINO_GATHER 1
#define WIDX __m256i
#define WIDX_LOAD(p) _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))
#define WMASK __m256
#define WMASK_FROM_BITS(b)                                                                                   \
  _mm256_castsi256_ps(_mm256_cmpeq_epi32(                                                                   \
      _mm256_and_si256(_mm256_set1_epi32(static_cast<int>(b)), _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128)), \
      _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128)))
#define WMASK_AND(a, b) _mm256_and_ps(a, b)
#define WGATHER(p, idx) _mm256_i32gather_ps(p, idx, 4)
#define WGATHER_MASKED(p, idx, m) _mm256_mask_i32gather_ps(_mm256_setzero_ps(), p, idx, m, 4)
#define EMBER_WINO_KERNELS WinoKernelsAvx2
#include "operators/kernel/simd/winograd_kernel.inc"

}  // namespace x86
}  // namespace ember
