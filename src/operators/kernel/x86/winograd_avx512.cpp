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
#define EMBER_WINO_KERNELS WinoKernelsAvx512
#include "operators/kernel/simd/winograd_kernel.inc"

}  // namespace x86
}  // namespace ember
