// Depthwise 3x3 / 5x5 kernels, compiled with -mavx512f -mfma (see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/dwconv_x86.h"

namespace ember {
namespace x86 {

#define V __m512
#define VW 16
#define VLOADU(p) _mm512_loadu_ps(p)
#define VSTOREU(p, v) _mm512_storeu_ps(p, v)
#define VSET1(x) _mm512_set1_ps(x)
#define VFMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#define VZERO() _mm512_setzero_ps()
#define VMAX(a, b) _mm512_max_ps(a, b)
#define VMIN(a, b) _mm512_min_ps(a, b)
#define EMBER_DW_ROWS DwConvRowsAvx512
#define EMBER_DW_R3S1 7
#define EMBER_DW_R3S2 4
#define EMBER_DW_R5S1 3
#define EMBER_DW_R5S2 3

namespace {

using M = __mmask16;

inline M MakeMask(int64_t lo, int64_t hi) {
  lo = lo < 0 ? 0 : (lo > VW ? VW : lo);
  hi = hi < 0 ? 0 : (hi > VW ? VW : hi);
  if (hi <= lo) return 0;
  return static_cast<M>(((1u << hi) - 1u) & ~((1u << lo) - 1u));
}

inline V LoadM(const float* p, M m) { return _mm512_maskz_loadu_ps(m, p); }

inline void StoreN(float* p, V v, int n) { _mm512_mask_storeu_ps(p, static_cast<M>((1u << n) - 1u), v); }

inline void Deint(const float* p, M m0, M m1, bool masked, V* even, V* odd) {
  const V a = masked ? _mm512_maskz_loadu_ps(m0, p) : _mm512_loadu_ps(p);
  const V b = masked ? _mm512_maskz_loadu_ps(m1, p + 16) : _mm512_loadu_ps(p + 16);
  const __m512i ie = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
  const __m512i io = _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
  *even = _mm512_permutex2var_ps(a, ie, b);
  *odd = _mm512_permutex2var_ps(a, io, b);
}

inline V Unperm(V v) { return v; }

}  // namespace

#include "operators/kernel/simd/dwconv_kernel.inc"

}  // namespace x86
}  // namespace ember
