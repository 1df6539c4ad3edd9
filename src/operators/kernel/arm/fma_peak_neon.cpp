// The NEON FMA limit loop (compiled with NEON enabled; see simd/fma_peak.h).
#include <arm_neon.h>

#include "operators/kernel/arm/arm_accel.h"

namespace ember {
namespace arm {

float FmaLoopNeon(int64_t iters) {
  const float32x4_t m = vdupq_n_f32(0.9999999f), c = vdupq_n_f32(1e-7f);
  float32x4_t a[12];
  for (int i = 0; i < 12; ++i) a[i] = vdupq_n_f32(0.1f * static_cast<float>(i + 1));
  for (int64_t it = 0; it < iters; ++it) {
#pragma GCC unroll 12
    for (int i = 0; i < 12; ++i) a[i] = vfmaq_f32(c, a[i], m);
  }
  float32x4_t s = a[0];
  for (int i = 1; i < 12; ++i) s = vaddq_f32(s, a[i]);
  return vgetq_lane_f32(s, 0);
}

}  // namespace arm
}  // namespace ember
