// NEON depthwise 3x3 / 5x5 row kernels (simd/dwconv_kernel.inc over the NEON vocabulary; on 32-bit ARM compiled
// with -mfpu=neon-vfpv4). Border lanes go through a small copy loop (no masked loads in NEON); stride 2
// deinterleaves with vuzp, already in column order.
#include <arm_neon.h>

#include "operators/kernel/arm/dwconv_arm.h"

namespace ember {
namespace arm {

using simd::DwRowsArgs;
using simd::GemmEpilogue;

namespace {
typedef float32x4_t V;
constexpr int VW = 4;

// Lanes [lo, hi) of a vector (M() holds none).
struct M {
  int lo = 0, hi = 0;
};
inline M MakeMask(int64_t lo, int64_t hi) {
  lo = lo < 0 ? 0 : (lo > VW ? VW : lo);
  hi = hi < 0 ? 0 : (hi > VW ? VW : hi);
  return M{static_cast<int>(lo), static_cast<int>(hi)};
}
inline V LoadM(const float* p, M m) {
  if (m.lo == 0 && m.hi == VW) return vld1q_f32(p);  // most loads of a border vector are whole
  float t[4] = {0.f, 0.f, 0.f, 0.f};
  for (int e = m.lo; e < m.hi; ++e) t[e] = p[e];
  return vld1q_f32(t);
}
inline void StoreN(float* p, V v, int n) {
  float t[4];
  vst1q_f32(t, v);
  for (int e = 0; e < n; ++e) p[e] = t[e];
}
inline void Deint(const float* p, M m0, M m1, bool masked, V* even, V* odd) {
  if (!masked) {  // one ld2 (two loads and two unzips otherwise)
    const float32x4x2_t u = vld2q_f32(p);
    *even = u.val[0];
    *odd = u.val[1];
    return;
  }
  const V a = masked ? LoadM(p, m0) : vld1q_f32(p);
  const V b = masked ? LoadM(p + 4, m1) : vld1q_f32(p + 4);
  const float32x4x2_t u = vuzpq_f32(a, b);
  *even = u.val[0];
  *odd = u.val[1];
}
inline V Unperm(V v) { return v; }
}  // namespace

#define VLOADU(p) vld1q_f32(p)
#define VSTOREU(p, v) vst1q_f32(p, v)
#define VSET1(x) vdupq_n_f32(x)
#define VFMA(a, b, c) vfmaq_f32(c, a, b)
#define VZERO() vdupq_n_f32(0.f)
#define VMAX(a, b) vmaxq_f32(a, b)
#define VMIN(a, b) vminq_f32(a, b)
#define EMBER_DW_ROWS DwConvRowsNeon
#define EMBER_DW_R3S1 4
#define EMBER_DW_R3S2 4
#define EMBER_DW_R5S1 3
#define EMBER_DW_R5S2 2
#include "operators/kernel/simd/dwconv_kernel.inc"

}  // namespace arm
}  // namespace ember
