// Half -> float widening compiled with -mavx512f (see half_x86.h): vcvtph2ps on 16 halves.
#include <immintrin.h>

#include <cstring>

#include "framework/float16.h"
#include "operators/kernel/x86/half_x86.h"

namespace ember {
namespace x86 {

void HalfToFloatAvx512(const void* src, float* dst, int64_t n) {
  const uint8_t* p = static_cast<const uint8_t*>(src);
  int64_t i = 0;
  for (; i + 16 <= n; i += 16)
    _mm512_storeu_ps(dst + i, _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 2 * i))));
  for (; i < n; ++i) {  // a masked 16-bit load would need AVX-512BW
    uint16_t h;
    std::memcpy(&h, p + 2 * i, 2);
    dst[i] = HalfToFloat(h);
  }
}

}  // namespace x86
}  // namespace ember
