// quantized_conv2d's input quantization with NEON on aarch64 (igemm_arm.h's QuantizeU8): 16 floats a step, NaN
// as 0, clamped in float first so the conversion is exact, rounded by FRINTN (ties to even) or FRINTA (ties away
// from zero), stored as bytes + 128. armv7 has neither rounding instruction: it keeps the portable loop.
#include "operators/kernel/arm/igemm_arm.h"

#if defined(__aarch64__)
#include <arm_neon.h>

namespace ember {
namespace arm {

namespace {

template <bool kTiesAway>
inline int32x4_t Quantize4(float32x4_t x, float32x4_t mul, float32x4_t lo, float32x4_t hi) {
  float32x4_t v = vmulq_f32(x, mul);
  v = vreinterpretq_f32_u32(vandq_u32(vreinterpretq_u32_f32(v), vceqq_f32(v, v)));  // NaN -> 0
  v = vminq_f32(vmaxq_f32(v, lo), hi);
  v = kTiesAway ? vrndaq_f32(v) : vrndnq_f32(v);
  return vaddq_s32(vcvtq_s32_f32(v), vdupq_n_s32(128));
}

template <bool kTiesAway>
void QuantizeRows(const float* x, int64_t n, float mul, float lo, float hi, uint8_t* y) {
  const float32x4_t vm = vdupq_n_f32(mul), vlo = vdupq_n_f32(lo), vhi = vdupq_n_f32(hi);
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    int32x4_t q[4];
    for (int k = 0; k < 4; ++k) q[k] = Quantize4<kTiesAway>(vld1q_f32(x + i + 4 * k), vm, vlo, vhi);
    const uint16x8_t lo8 = vcombine_u16(vmovn_u32(vreinterpretq_u32_s32(q[0])), vmovn_u32(vreinterpretq_u32_s32(q[1])));
    const uint16x8_t hi8 = vcombine_u16(vmovn_u32(vreinterpretq_u32_s32(q[2])), vmovn_u32(vreinterpretq_u32_s32(q[3])));
    vst1q_u8(y + i, vcombine_u8(vmovn_u16(lo8), vmovn_u16(hi8)));
  }
  for (; i < n; ++i) {  // the tail through one lane
    const int32x4_t q = Quantize4<kTiesAway>(vdupq_n_f32(x[i]), vm, vlo, vhi);
    y[i] = static_cast<uint8_t>(vgetq_lane_s32(q, 0));
  }
}

}  // namespace

void QuantizeU8Neon(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y) {
  if (ties_away) QuantizeRows<true>(x, n, mul, lo, hi, y);
  else QuantizeRows<false>(x, n, mul, lo, hi, y);
}

}  // namespace arm
}  // namespace ember
#endif
