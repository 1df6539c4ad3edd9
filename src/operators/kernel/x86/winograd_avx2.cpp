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
namespace {
// r[i][j] <- r[j][i] for 8 x 8 floats: 32-bit interleaves, 64-bit shuffles, then 128-bit halves.
inline void Transpose8(__m256 (&r)[8]) {
  __m256 t[8], s[8];
  for (int i = 0; i < 4; ++i) {
    t[2 * i] = _mm256_unpacklo_ps(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm256_unpackhi_ps(r[2 * i], r[2 * i + 1]);
  }
  for (int g = 0; g < 2; ++g) {  // rows 4g..4g+3: s[4g + c] holds column c (low half) and c + 4 (high half)
    s[4 * g] = _mm256_shuffle_ps(t[4 * g], t[4 * g + 2], _MM_SHUFFLE(1, 0, 1, 0));
    s[4 * g + 1] = _mm256_shuffle_ps(t[4 * g], t[4 * g + 2], _MM_SHUFFLE(3, 2, 3, 2));
    s[4 * g + 2] = _mm256_shuffle_ps(t[4 * g + 1], t[4 * g + 3], _MM_SHUFFLE(1, 0, 1, 0));
    s[4 * g + 3] = _mm256_shuffle_ps(t[4 * g + 1], t[4 * g + 3], _MM_SHUFFLE(3, 2, 3, 2));
  }
  for (int c = 0; c < 4; ++c) {
    r[c] = _mm256_permute2f128_ps(s[c], s[4 + c], 0x20);
    r[c + 4] = _mm256_permute2f128_ps(s[c], s[4 + c], 0x31);
  }
}
}  // namespace
#define WINO_TRANSPOSE(r) Transpose8(r)
#define EMBER_WINO_KERNELS WinoKernelsAvx2
#include "operators/kernel/simd/winograd_kernel.inc"

}  // namespace x86
}  // namespace ember
