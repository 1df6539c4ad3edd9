// AVX-512F Winograd kernels (compiled with -mavx512f -mfma; see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/winograd_x86.h"

namespace ember {
namespace x86 {

#define V __m512
#define VW 16
#define VLOAD(p) _mm512_loadu_ps(p)
#define VSTORE(p, v) _mm512_storeu_ps(p, v)
#define VSET1(x) _mm512_set1_ps(x)
#define VFMA(a, b, c) _mm512_fmadd_ps(a, b, c)
#define VZERO() _mm512_setzero_ps()
#define VMUL(a, b) _mm512_mul_ps(a, b)
#define VADD(a, b) _mm512_add_ps(a, b)
#define VSUB(a, b) _mm512_sub_ps(a, b)
#define VMAX(a, b) _mm512_max_ps(a, b)
#define VMIN(a, b) _mm512_min_ps(a, b)
#define WINO_CHANNEL_LANES 1
namespace {
// r[i][j] <- r[j][i] for 16 x 16 floats: 32- and 64-bit interleaves inside 128-bit blocks (u[4g + c]: rows
// 4g..4g+3, block k holding column c + 4k), then two rounds of 128-bit block shuffles.
inline void Transpose16(__m512 (&r)[16]) {
  __m512 t[16], u[16];
  for (int i = 0; i < 8; ++i) {
    t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
    t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
  }
  auto lo64 = [](__m512 a, __m512 b) {
    return _mm512_castpd_ps(_mm512_unpacklo_pd(_mm512_castps_pd(a), _mm512_castps_pd(b)));
  };
  auto hi64 = [](__m512 a, __m512 b) {
    return _mm512_castpd_ps(_mm512_unpackhi_pd(_mm512_castps_pd(a), _mm512_castps_pd(b)));
  };
  for (int g = 0; g < 4; ++g) {
    u[4 * g] = lo64(t[4 * g], t[4 * g + 2]);
    u[4 * g + 1] = hi64(t[4 * g], t[4 * g + 2]);
    u[4 * g + 2] = lo64(t[4 * g + 1], t[4 * g + 3]);
    u[4 * g + 3] = hi64(t[4 * g + 1], t[4 * g + 3]);
  }
  for (int c = 0; c < 4; ++c) {
    const __m512 v01 = _mm512_shuffle_f32x4(u[c], u[4 + c], 0x88), w01 = _mm512_shuffle_f32x4(u[c], u[4 + c], 0xDD);
    const __m512 v23 = _mm512_shuffle_f32x4(u[8 + c], u[12 + c], 0x88);
    const __m512 w23 = _mm512_shuffle_f32x4(u[8 + c], u[12 + c], 0xDD);
    r[c] = _mm512_shuffle_f32x4(v01, v23, 0x88);
    r[c + 8] = _mm512_shuffle_f32x4(v01, v23, 0xDD);
    r[c + 4] = _mm512_shuffle_f32x4(w01, w23, 0x88);
    r[c + 12] = _mm512_shuffle_f32x4(w01, w23, 0xDD);
  }
}
}  // namespace
#define WINO_TRANSPOSE(r) Transpose16(r)
#define EMBER_WINO_KERNELS WinoKernelsAvx512
#include "operators/kernel/simd/winograd_kernel.inc"

}  // namespace x86
}  // namespace ember
