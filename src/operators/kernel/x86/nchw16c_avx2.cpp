// NCHW16c pointwise / depthwise kernels, compiled with -mavx2 -mfma (see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include <algorithm>

#include "operators/kernel/x86/nchw16c_x86.h"

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
#define EMBER_PW16C Pw16cAvx2
#define EMBER_DW16C Dw16cAvx2
#define EMBER_PW16C_NV 2
#define EMBER_DW16C_R1 4
#define EMBER_DW16C_R2 2

#include "operators/kernel/x86/nchw16c_kernel.inc"

}  // namespace x86
}  // namespace ember
