// NEON SGEMM micro-kernels (on 32-bit ARM this file is compiled with -mfpu=neon-vfpv4; see
// cmake/arm_kernels.cmake). aarch64: 6 x 16 tiles (24 of the 32 q registers accumulate, 4 hold B, 1 the
// broadcast A value); armv7: 6 x 8 tiles (12 of the 16 q registers accumulate).
#include <arm_neon.h>

#include "operators/kernel/arm/sgemm_arm.h"

namespace ember {
namespace arm {

using simd::GemmEpilogue;
using simd::kGemmMR;

namespace {
#include "operators/kernel/arm/vmath_isa_neon.inc"
}  // namespace

#define VLOAD(p) VLoad(p)
#define VSTORE(p, v) VStore(p, v)
#define VLOADN(p, n) VLoadN(p, n)
#define VSTOREN(p, v, n) VStoreN(p, v, n)
#define VSET1(x) VSet1(x)
#define VFMA(a, b, c) VFma(a, b, c)
#define VZERO() VZero()
#define VMUL(a, b) VMul(a, b)
#define VADD(a, b) VAdd(a, b)
#define VMAX(a, b) vmaxq_f32(a, b)
#define VMIN(a, b) vminq_f32(a, b)
#define EMBER_GEMM_KERNEL GemmKernelNeon
#if defined(__aarch64__)
#define EMBER_GEMM_NV 4
#else
#define EMBER_GEMM_NV 2
#endif
#include "operators/kernel/simd/sgemm_kernel.inc"

void GatherEvenNeon(const float* src, float* dst, int64_t n) {
  int64_t t = 0;
  for (; t + 4 < n; t += 4) vst1q_f32(dst + t, vld2q_f32(src + 2 * t).val[0]);  // reads src[2t .. 2t + 7]
  for (; t < n; ++t) dst[t] = src[2 * t];
}

}  // namespace arm
}  // namespace ember
