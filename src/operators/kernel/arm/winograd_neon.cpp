// NEON Winograd kernels (on 32-bit ARM compiled with -mfpu=neon-vfpv4; see cmake/arm_kernels.cmake). No gather:
// the input transform copies each lane's patch (the kernel's non-gather path).
#include <arm_neon.h>

#include "operators/kernel/arm/winograd_arm.h"

namespace ember {
namespace arm {

#define V float32x4_t
#define VW 4
#define VLOAD(p) vld1q_f32(p)
#define VSTORE(p, v) vst1q_f32(p, v)
#define VSET1(x) vdupq_n_f32(x)
#define VFMA(a, b, c) vfmaq_f32(c, a, b)
#define VZERO() vdupq_n_f32(0.f)
#define VMUL(a, b) vmulq_f32(a, b)
#define VADD(a, b) vaddq_f32(a, b)
#define VSUB(a, b) vsubq_f32(a, b)
#define VMAX(a, b) vmaxq_f32(a, b)
#define VMIN(a, b) vminq_f32(a, b)
#define EMBER_WINO_KERNELS WinoKernelsNeon
#include "operators/kernel/simd/winograd_kernel.inc"

}  // namespace arm
}  // namespace ember
