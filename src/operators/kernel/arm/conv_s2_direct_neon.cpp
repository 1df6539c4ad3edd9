// NEON direct KxK stride-2 conv row kernel (simd/conv_s2_direct_kernel.inc over the NEON vocabulary; on 32-bit
// ARM compiled with -mfpu=neon-vfpv4). Tiles of kConvS2CB channels x NV vectors: aarch64 has 32 vector
// registers (16 accumulators + 4 inputs, 16 columns), armv7 16 (8 + 2, 8 columns).
#include <arm_neon.h>

#include "operators/kernel/arm/conv_s2_direct_arm.h"

namespace ember {
namespace arm {

namespace {
#include "operators/kernel/arm/vmath_isa_neon.inc"
inline void StoreN(float* p, V v, int n) { VStoreN(p, v, n); }
}  // namespace

#define VLOADU(p) VLoad(p)
#define VSTOREU(p, v) VStore(p, v)
#define VSET1(x) VSet1(x)
#define VFMA(a, b, c) VFma(a, b, c)
#define VZERO() VZero()
#define VMAX(a, b) VMax(a, b)
#define VMIN(a, b) VMin(a, b)
#define EMBER_S2_ROWS ConvS2RowsNeon
#if defined(__aarch64__)
#define EMBER_S2_NV 4
// A tap's 4 weights as one vector, each multiplying by lane (vfmaq_laneq): 21 instructions per 16 FMAs where a
// broadcast per weight took 24. The switch folds away once the kernel's loops are unrolled (r is constant).
namespace {
inline V FmaLane(V acc, V x, V w, int r) {
  switch (r) {
    case 0: return vfmaq_laneq_f32(acc, x, w, 0);
    case 1: return vfmaq_laneq_f32(acc, x, w, 1);
    case 2: return vfmaq_laneq_f32(acc, x, w, 2);
    default: return vfmaq_laneq_f32(acc, x, w, 3);
  }
}
}  // namespace
#define S2_FMA_LANE(acc, x, w, r) FmaLane(acc, x, w, r)
// A tap's 4 input vectors in one ld1 (GCC split them into ldr / ldur / ldp with address arithmetic: 167
// instructions per 112 FMAs of a 7x7 row, 1.49 each).
namespace {
inline void LoadX4(const float* p, V* x) {
  const float32x4x4_t v = vld1q_f32_x4(p);
  x[0] = v.val[0], x[1] = v.val[1], x[2] = v.val[2], x[3] = v.val[3];
}
}  // namespace
#define S2_LOAD_X4(p, x) LoadX4(p, x)
static_assert(simd::kConvS2CB == 4, "S2_FMA_LANE takes one weight per lane");
#else
#define EMBER_S2_NV 2
#endif
#include "operators/kernel/simd/conv_s2_direct_kernel.inc"

}  // namespace arm
}  // namespace ember
