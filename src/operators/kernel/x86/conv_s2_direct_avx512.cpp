// Direct KxK stride-2 conv row kernel (simd/conv_s2_direct_kernel.inc), compiled with -mavx512f -mfma (see
// cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/conv_s2_direct_x86.h"

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
#define EMBER_S2_ROWS ConvS2RowsAvx512
#define EMBER_S2_NV 4

namespace {
inline void StoreN(float* p, V v, int n) { _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << n) - 1u), v); }
}  // namespace

#include "operators/kernel/simd/conv_s2_direct_kernel.inc"

}  // namespace x86
}  // namespace ember
