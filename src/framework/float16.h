// IEEE half <-> float conversion (round to nearest even), used by the loader and fp16 storage.
// Whole arrays are widened by HalfToFloatArray (operators/kernel/cpu_accel.h: F16C / NEON where the CPU has it),
// which matches HalfToFloat bit for bit.
#pragma once

#include <cstdint>
#include <cstring>

namespace ember {

inline float HalfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ffu;
  uint32_t bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else {  // subnormal: normalize
      exp = 127 - 15 + 1;
      while ((mant & 0x400u) == 0) {
        mant <<= 1;
        --exp;
      }
      mant &= 0x3ffu;
      bits = sign | (exp << 23) | (mant << 13);
    }
  } else if (exp == 31) {  // a NaN comes out quiet, as F16C's vcvtph2ps and ARM's fcvt make it
    bits = sign | 0x7f800000u | (mant << 13) | (mant ? 0x400000u : 0);
  } else {
    bits = sign | ((exp - 15 + 127) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

inline uint16_t FloatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t exp = (x >> 23) & 0xffu;
  uint32_t mant = x & 0x7fffffu;
  if (exp == 255) return static_cast<uint16_t>(sign | 0x7c00u | (mant ? 0x200u : 0));
  int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7c00u);
  if (e <= 0) {
    if (e < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - e);
    uint32_t half = mant >> shift;
    uint32_t rem = mant & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = sign | (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  uint32_t rem = mant & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (half & 1))) ++half;  // may carry into exponent: correct
  return static_cast<uint16_t>(half);
}

// As FloatToHalf, but a finite value beyond the half range (one FloatToHalf would make infinite, |f| >= 65520)
// becomes the largest half, +-65504, and sets *saturated; infinities and NaNs stay what they are.
inline uint16_t FloatToHalfSaturating(float f, bool* saturated) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint16_t h = FloatToHalf(f);
  *saturated = (h & 0x7fffu) == 0x7c00u && (x & 0x7f800000u) != 0x7f800000u;
  if (*saturated) h = static_cast<uint16_t>((h & 0x8000u) | 0x7bffu);
  return h;
}

}  // namespace ember
