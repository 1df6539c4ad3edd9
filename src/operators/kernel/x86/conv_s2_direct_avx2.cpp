// Direct KxK stride-2 conv row kernel (simd/conv_s2_direct_kernel.inc), compiled with -mavx2 -mfma (see
// cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/conv_s2_direct_x86.h"

namespace ember {
namespace x86 {

#define V __m256
#define VW 8
#define VLOADU(p) _mm256_loadu_ps(p)
#define VSTOREU(p, v) _mm256_storeu_ps(p, v)
#define VSET1(x) _mm256_set1_ps(x)
#define VFMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define VZERO() _mm256_setzero_ps()
#define VMAX(a, b) _mm256_max_ps(a, b)
#define VMIN(a, b) _mm256_min_ps(a, b)
#define EMBER_S2_ROWS ConvS2RowsAvx2
#define EMBER_S2_NV 2

namespace {
inline void StoreN(float* p, V v, int n) {
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  _mm256_maskstore_ps(p, _mm256_cmpgt_epi32(_mm256_set1_epi32(n), iota), v);
}
}  // namespace

#include "operators/kernel/simd/conv_s2_direct_kernel.inc"

}  // namespace x86
}  // namespace ember
