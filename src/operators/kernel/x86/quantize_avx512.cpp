// quantized_conv2d's input quantization with -mavx512f (igemm_x86.h's QuantizeU8): 16 floats a step, rounded to
// nearest even by the instruction's own rounding control (not MXCSR), clamped in float first so the conversion
// is exact, NaN as 0, stored as bytes + 128.
#include <immintrin.h>

#include "operators/kernel/x86/igemm_x86.h"

namespace ember {
namespace x86 {

namespace {

inline __m512i Quantize16(__m512 x, __m512 mul, __m512 lo, __m512 hi) {
  __m512 v = _mm512_mul_ps(x, mul);
  v = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(v, v, _CMP_ORD_Q), v);  // NaN -> 0
  v = _mm512_min_ps(_mm512_max_ps(v, lo), hi);
  const __m512i r = _mm512_cvt_roundps_epi32(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  return _mm512_add_epi32(r, _mm512_set1_epi32(128));
}

}  // namespace

void QuantizeU8Avx512(const float* x, int64_t n, float mul, float lo, float hi, uint8_t* y) {
  const __m512 vm = _mm512_set1_ps(mul), vlo = _mm512_set1_ps(lo), vhi = _mm512_set1_ps(hi);
  int64_t i = 0;
  for (; i + 16 <= n; i += 16)
    _mm_storeu_si128(reinterpret_cast<__m128i*>(y + i),
                     _mm512_cvtepi32_epi8(Quantize16(_mm512_loadu_ps(x + i), vm, vlo, vhi)));
  if (i < n) {
    const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1);
    _mm512_mask_cvtepi32_storeu_epi8(y + i, m, Quantize16(_mm512_maskz_loadu_ps(m, x + i), vm, vlo, vhi));
  }
}

}  // namespace x86
}  // namespace ember
