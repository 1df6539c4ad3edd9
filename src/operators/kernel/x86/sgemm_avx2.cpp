// AVX2 + FMA micro-kernels (this file is compiled with -mavx2 -mfma; see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/sgemm_x86.h"

namespace ember {
namespace x86 {

namespace {
// Lanes [0, n) set (n in 0..8): a sliding window over 8 ones followed by 8 zeros.
inline __m256i TailMask(int n) {
  alignas(32) static const int kBits[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
  return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kBits + 8 - n));
}
}  // namespace

#define V __m256
#define VW 8
#define VLOAD(p) _mm256_loadu_ps(p)
#define VSTORE(p, v) _mm256_storeu_ps(p, v)
#define VLOADN(p, n) _mm256_maskload_ps(p, TailMask(n))
#define VSTOREN(p, v, n) _mm256_maskstore_ps(p, TailMask(n), v)
#define VSET1(x) _mm256_set1_ps(x)
#define VFMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define VZERO() _mm256_setzero_ps()
#define VMUL(a, b) _mm256_mul_ps(a, b)
#define VADD(a, b) _mm256_add_ps(a, b)
#define VMAX(a, b) _mm256_max_ps(a, b)
#define VMIN(a, b) _mm256_min_ps(a, b)
#define EMBER_GEMM_KERNEL GemmKernelAvx2
#define EMBER_GEMM_AXPY4 GemmAxpy4Avx2
#include "operators/kernel/simd/sgemm_kernel.inc"

void GatherEvenAvx2(const float* src, float* dst, int64_t n) {
  int64_t t = 0;
  for (; t + 8 < n; t += 8) {  // reads src[2t .. 2t + 15] <= src[2n - 3]
    const __m256 a = _mm256_loadu_ps(src + 2 * t), b = _mm256_loadu_ps(src + 2 * t + 8);
    // even lanes of each 128-bit half, then the 64-bit pieces back in order
    const __m256 e = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
    _mm256_storeu_ps(dst + t, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(e), _MM_SHUFFLE(3, 1, 2, 0))));
  }
  for (; t < n; ++t) dst[t] = src[2 * t];
}

}  // namespace x86
}  // namespace ember
