// NCHW16c pointwise / depthwise kernels, compiled with -mavx512f -mfma (see cmake/x86_kernels.cmake).
#include <immintrin.h>

#include <algorithm>

#include "operators/kernel/x86/nchw16c_x86.h"

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
#define EMBER_PW16C Pw16cAvx512
#define EMBER_DW16C Dw16cAvx512
#define EMBER_PW16C_NV 4
#define EMBER_DW16C_R1 8
#define EMBER_DW16C_R2 4

#include "operators/kernel/x86/nchw16c_kernel.inc"

}  // namespace x86
}  // namespace ember
