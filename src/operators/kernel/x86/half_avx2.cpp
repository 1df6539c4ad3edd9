// Half -> float widening compiled with -mavx2 -mfma plus F16C for this function only (see half_x86.h): the
// AVX2 level does not otherwise assume F16C, which the dispatch checks (HasF16c).
#include <immintrin.h>

#include <cstring>

#include "framework/float16.h"
#include "operators/kernel/x86/half_x86.h"

namespace ember {
namespace x86 {

__attribute__((target("f16c"))) void HalfToFloatAvx2(const void* src, float* dst, int64_t n) {
  const uint8_t* p = static_cast<const uint8_t*>(src);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 2 * i))));
  for (; i < n; ++i) {
    uint16_t h;
    std::memcpy(&h, p + 2 * i, 2);
    dst[i] = HalfToFloat(h);
  }
}

}  // namespace x86
}  // namespace ember
