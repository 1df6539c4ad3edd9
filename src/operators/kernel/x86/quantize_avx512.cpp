// quantized_conv2d's input quantization with -mavx512f (igemm_x86.h's QuantizeU8): 16 floats a step, rounded to
// nearest (ties to even, or away from zero) by the instructions' own rounding control (not MXCSR), clamped in
// float first so the conversion is exact, NaN as 0, stored as bytes + 128.
#include <immintrin.h>

#include "operators/kernel/x86/igemm_x86.h"

namespace ember {
namespace x86 {

namespace {

// Ties away from zero: where v - trunc(v) is exactly +-0.5 (exact in float), trunc(v) + sign(v).
inline __m512i Quantize16(__m512 x, __m512 mul, __m512 lo, __m512 hi, bool ties_away) {
  __m512 v = _mm512_mul_ps(x, mul);
  v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, v, _CMP_ORD_Q), v);  // NaN -> 0
  v = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
  __m512 r = _mm512_roundscale_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  if (ties_away) {
    const __m512 t = _mm512_roundscale_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m512 f = _mm512_sub_ps(v, t);
    const __mmask16 up = _mm512_cmp_ps_mask(f, _mm512_set1_ps(0.5f), _CMP_EQ_OQ);
    const __mmask16 down = _mm512_cmp_ps_mask(f, _mm512_set1_ps(-0.5f), _CMP_EQ_OQ);
    r = _mm512_mask_add_ps(r, up, t, _mm512_set1_ps(1.f));
    r = _mm512_mask_sub_ps(r, down, t, _mm512_set1_ps(1.f));
  }
  return _mm512_add_epi32(_mm512_cvttps_epi32(r), _mm512_set1_epi32(128));
}

}  // namespace

void QuantizeU8Avx512(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y) {
  const __m512 vm = _mm512_set1_ps(mul), vlo = _mm512_set1_ps(lo), vhi = _mm512_set1_ps(hi);
  int64_t i = 0;
  for (; i + 16 <= n; i += 16)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(y + i),
                     _mm512_cvtepi32_epi8(Quantize16(_mm512_loadu_ps(x + i), vm, vlo, vhi, ties_away)));
  if (i < n) {
    const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1);
    _mm512_mask_cvtepi32_storeu_epi8(y + i, m, Quantize16(_mm512_maskz_loadu_ps(m, x + i), vm, vlo, vhi, ties_away));
  }
}

}  // namespace x86
}  // namespace ember
