// quantized_conv2d's input quantization with -mavx2 (igemm_x86.h's QuantizeU8): 8 floats a step, rounded to
// nearest (ties to even, or away from zero) by vroundps' own rounding control (not MXCSR), clamped first so the
// conversion is exact, NaN as 0, stored as bytes + 128.
#include <immintrin.h>

#include <cstring>

#include "operators/kernel/x86/igemm_x86.h"

namespace ember {
namespace x86 {

namespace {

// Eight values (no shared inline helpers here: this file is compiled for AVX2 only).
uint64_t Quantize8(const float* x, __m256 vm, __m256 vlo, __m256 vhi, bool ties_away) {
  const __m256i bias = _mm256_set1_epi32(128);
  // Bytes 0, 4, 8, 12 of each 128-bit lane, then the two lanes' dwords side by side.
  const __m256i gather = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
  __m256 v = _mm256_mul_ps(_mm256_loadu_ps(x), vm);
  v = _mm256_and_ps(v, _mm256_cmp_ps(v, v, _CMP_ORD_Q));  // NaN -> 0
  v = _mm256_min_ps(_mm256_max_ps(v, vlo), vhi);
  __m256 r = _mm256_round_ps(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  if (ties_away) {  // where v - trunc(v) is exactly +-0.5 (exact in float): trunc(v) + sign(v)
    const __m256 t = _mm256_round_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m256 f = _mm256_sub_ps(v, t), one = _mm256_set1_ps(1.f);
    r = _mm256_blendv_ps(r, _mm256_add_ps(t, one), _mm256_cmp_ps(f, _mm256_set1_ps(0.5f), _CMP_EQ_OQ));
    r = _mm256_blendv_ps(r, _mm256_sub_ps(t, one), _mm256_cmp_ps(f, _mm256_set1_ps(-0.5f), _CMP_EQ_OQ));
  }
  const __m256i b = _mm256_shuffle_epi8(_mm256_add_epi32(_mm256_cvttps_epi32(r), bias), gather);
  const uint32_t lo4 = static_cast<uint32_t>(_mm256_extract_epi32(b, 0));
  const uint32_t hi4 = static_cast<uint32_t>(_mm256_extract_epi32(b, 4));
  return lo4 | static_cast<uint64_t>(hi4) << 32;
}

}  // namespace

void QuantizeU8Avx2(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y) {
  const __m256 vm = _mm256_set1_ps(mul), vlo = _mm256_set1_ps(lo), vhi = _mm256_set1_ps(hi);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const uint64_t eight = Quantize8(x + i, vm, vlo, vhi, ties_away);
    std::memcpy(y + i, &eight, 8);
  }
  if (i < n) {  // the tail through a zero-padded copy
    float pad[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    std::memcpy(pad, x + i, static_cast<size_t>(n - i) * sizeof(float));
    const uint64_t eight = Quantize8(pad, vm, vlo, vhi, ties_away);
    std::memcpy(y + i, &eight, static_cast<size_t>(n - i));
  }
}

}  // namespace x86
}  // namespace ember
