// Depthwise 3x3 / 5x5 kernels, compiled with -mavx2 -mfma (see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/dwconv_x86.h"

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
#define EMBER_DW_ROWS DwConvRowsAvx2
#define EMBER_DW_R3S1 4
#define EMBER_DW_R3S2 4
#define EMBER_DW_R5S1 3
#define EMBER_DW_R5S2 2

namespace {

using M = __m256i;

inline M MakeMask(int64_t lo, int64_t hi) {
  lo = lo < -1 ? -1 : (lo > VW ? VW : lo);
  hi = hi < 0 ? 0 : (hi > VW ? VW : hi);
  const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_and_si256(_mm256_cmpgt_epi32(iota, _mm256_set1_epi32(static_cast<int>(lo) - 1)),
                          _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(hi)), iota));
}

inline V LoadM(const float* p, M m) { return _mm256_maskload_ps(p, m); }

inline void StoreN(float* p, V v, int n) { _mm256_maskstore_ps(p, MakeMask(0, n), v); }

// even = p[0, 2, 8, 10, 4, 6, 12, 14], odd = p[1, 3, 9, 11, 5, 7, 13, 15]: one in-lane shuffle each; the
// accumulators stay in that column order (0 1 4 5 2 3 6 7) until Unperm.
inline void Deint(const float* p, M m0, M m1, bool masked, V* even, V* odd) {
  const V a = masked ? _mm256_maskload_ps(p, m0) : _mm256_loadu_ps(p);
  const V b = masked ? _mm256_maskload_ps(p + 8, m1) : _mm256_loadu_ps(p + 8);
  *even = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
  *odd = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
}

inline V Unperm(V v) {
  return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(v), _MM_SHUFFLE(3, 1, 2, 0)));
}

}  // namespace

#include "operators/kernel/simd/dwconv_kernel.inc"

}  // namespace x86
}  // namespace ember
