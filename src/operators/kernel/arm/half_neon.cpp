// Half -> float widening with NEON's vcvt_f32_f16 (4 halves per instruction; on 32-bit ARM the half
// conversions come with -mfpu=neon-vfpv4). Bit for bit as the portable HalfToFloat (framework/float16.h):
// subnormals exact; NaNs quiet with sign and payload, which 32-bit NEON (always in default-NaN mode) would
// replace by the default NaN, so NaN lanes are rebuilt with integer operations.
#include <arm_neon.h>

#include <cstring>

#include "framework/float16.h"
#include "operators/kernel/arm/cpu_arm.h"

namespace ember {
namespace arm {

namespace {

inline float32x4_t Widen4(uint16x4_t h) {
  const float32x4_t f = vcvt_f32_f16(vreinterpret_f16_u16(h));
  const uint32x4_t x = vmovl_u16(h);
  const uint32x4_t nan = vorrq_u32(vorrq_u32(vshlq_n_u32(vandq_u32(x, vdupq_n_u32(0x8000u)), 16),
                                             vdupq_n_u32(0x7fc00000u)),
                                   vshlq_n_u32(vandq_u32(x, vdupq_n_u32(0x3ffu)), 13));
  const uint32x4_t is_nan = vcgtq_u32(vandq_u32(x, vdupq_n_u32(0x7fffu)), vdupq_n_u32(0x7c00u));
  return vreinterpretq_f32_u32(vbslq_u32(is_nan, nan, vreinterpretq_u32_f32(f)));
}

}  // namespace

void HalfToFloatNeon(const void* src, float* dst, int64_t n) {
  const uint8_t* p = static_cast<const uint8_t*>(src);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    const uint16x8_t h = vreinterpretq_u16_u8(vld1q_u8(p + 2 * i));  // byte loads: src may be unaligned
    vst1q_f32(dst + i, Widen4(vget_low_u16(h)));
    vst1q_f32(dst + i + 4, Widen4(vget_high_u16(h)));
  }
  for (; i < n; ++i) {
    uint16_t h;
    std::memcpy(&h, p + 2 * i, 2);
    dst[i] = HalfToFloat(h);
  }
}

}  // namespace arm
}  // namespace ember
