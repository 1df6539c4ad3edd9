// NEON pool2d kernels (simd/pool_kernel.inc over the NEON vocabulary; on 32-bit ARM compiled with
// -mfpu=neon-vfpv4, where vector divide is emulated lane by lane with the same results).
#include <arm_neon.h>

#include "operators/kernel/arm/pool_arm.h"

namespace ember {
namespace arm {

namespace {
#include "operators/kernel/arm/vmath_isa_neon.inc"
inline void LoadEvenOdd(const float* p, V* even, V* odd) {
  const float32x4x2_t v = vld2q_f32(p);
  *even = v.val[0];
  *odd = v.val[1];
}
inline V Ext1(V a, V b) { return vextq_f32(a, b, 1); }
}  // namespace

#define EMBER_POOL(name) name##Neon
#define EMBER_POOL_WHOLE_TAILS 1
#define EMBER_POOL_EVEN_ODD 1
#include "operators/kernel/simd/pool_kernel.inc"

}  // namespace arm
}  // namespace ember
