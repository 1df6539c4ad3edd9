// Depthwise 3x3 / 5x5 plane kernels, compiled with -mavx2 -mfma (see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/dwconv_x86.h"

namespace ember {
namespace x86 {

#define V __m256
#define VW 8
#define VLOADU(p) _mm256_loadu_ps(p)
#define VSTOREU(p, v) _mm256_storeu_ps(p, v)
#define VSET1(x) _mm256_set1_ps(x)
#define VFMA(a, b, c) _mm256_fmadd_ps(a, b, c)
#define VZERO() _mm256_setzero_ps()
#define VMAX(a, b) _mm256_max_ps(a, b)
#define VMIN(a, b) _mm256_min_ps(a, b)
#define EMBER_DW_KERNEL DwConvPlaneAvx2
#include "operators/kernel/x86/dwconv_kernel.inc"

}  // namespace x86
}  // namespace ember
