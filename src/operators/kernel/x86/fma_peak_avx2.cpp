// FMA peak loop, compiled with this ISA's flags (see fma_peak.h).
#include <immintrin.h>

#include "operators/kernel/x86/fma_peak.h"

namespace ember {
namespace x86 {

float FmaLoopAvx2(int64_t iters) {
  const __m256 m = _mm256_set1_ps(0.9999999f), c = _mm256_set1_ps(1e-7f);
  __m256 a0 = _mm256_set1_ps(0.1f), a1 = _mm256_set1_ps(0.2f), a2 = _mm256_set1_ps(0.3f), a3 = _mm256_set1_ps(0.4f);
  __m256 a4 = _mm256_set1_ps(0.5f), a5 = _mm256_set1_ps(0.6f), a6 = _mm256_set1_ps(0.7f), a7 = _mm256_set1_ps(0.8f);
  __m256 a8 = _mm256_set1_ps(0.9f), a9 = _mm256_set1_ps(1.0f), a10 = _mm256_set1_ps(1.1f), a11 = _mm256_set1_ps(1.2f);
  for (int64_t i = 0; i < iters; ++i) {
    a0 = _mm256_fmadd_ps(a0, m, c);
    a1 = _mm256_fmadd_ps(a1, m, c);
    a2 = _mm256_fmadd_ps(a2, m, c);
    a3 = _mm256_fmadd_ps(a3, m, c);
    a4 = _mm256_fmadd_ps(a4, m, c);
    a5 = _mm256_fmadd_ps(a5, m, c);
    a6 = _mm256_fmadd_ps(a6, m, c);
    a7 = _mm256_fmadd_ps(a7, m, c);
    a8 = _mm256_fmadd_ps(a8, m, c);
    a9 = _mm256_fmadd_ps(a9, m, c);
    a10 = _mm256_fmadd_ps(a10, m, c);
    a11 = _mm256_fmadd_ps(a11, m, c);
  }
  __m256 s = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)),
                    _mm256_add_ps(_mm256_add_ps(a4, a5), _mm256_add_ps(a6, a7)));
  s = _mm256_add_ps(s, _mm256_add_ps(_mm256_add_ps(a8, a9), _mm256_add_ps(a10, a11)));
  alignas(64) float out[sizeof(__m256) / sizeof(float)];
  _mm256_store_ps(out, s);
  return out[0];
}

}  // namespace x86
}  // namespace ember
