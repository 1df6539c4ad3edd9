// NEON direct KxK stride-2 conv row kernel (simd/conv_s2_direct_kernel.inc over the NEON vocabulary; on 32-bit
// ARM compiled with -mfpu=neon-vfpv4). Tiles of kConvS2CB channels x NV vectors: aarch64 has 32 vector
// registers (16 accumulators + 4 inputs, 16 columns), armv7 16 (8 + 2, 8 columns).
#include <arm_neon.h>

#include "operators/kernel/arm/conv_s2_direct_arm.h"
#include "operators/kernel/arm/neon_asm.h"

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
// The epilogue's clamp as fmax / fmin (NaN stays NaN, as in the SGEMM epilogue): VMax's x86 rule takes 2
// instructions more per vector.
#define VMAX(a, b) vmaxq_f32(a, b)
#define VMIN(a, b) vminq_f32(a, b)
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
namespace {
// The full 5x5 / 7x7 tile's sums in assembly (4 channels x 16 columns: channel r's sums in v(4r)..v(4r+3), a tap's inputs
// in v24-v27, its 4 weights in v28): per tap one ld1 post-incremented along its split row (even and odd halves
// alternate), one weight load and 16 fmla by lane, 18 instructions; GCC's code for the same loop took 21
// (address arithmetic per tap, registers shuffled). acc holds the bias on entry and the sums on exit.
#define EMBER_S2_TAP(base)                                       \
  "ld1 {v24.4s, v25.4s, v26.4s, v27.4s}, [" base "], %[four]\n"  \
  "ldr q28, [%[w]], #16\n"                                       \
  EMBER_ASM_FMLA_ROWS4("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]")
#define EMBER_S2_TAPS3 EMBER_S2_TAP("%[e]") EMBER_S2_TAP("%[o]") EMBER_S2_TAP("%[e]")
#define EMBER_S2_TAPS5 EMBER_S2_TAPS3 EMBER_S2_TAP("%[o]") EMBER_S2_TAP("%[e]")
#define EMBER_S2_TAPS7 EMBER_S2_TAPS5 EMBER_S2_TAP("%[o]") EMBER_S2_TAP("%[e]")
// Channels (cin of them, planes `next` bytes apart) x K input rows (row pairs `pair` bytes apart, each odd half
// `half` bytes after its even half) x the K taps of a row.
#define EMBER_S2_ASM(TAPS)                                                                                    \
  asm volatile(                                                                                               \
      "ld1 {v0.4s, v1.4s, v2.4s, v3.4s}, [%[s]], #64\n ld1 {v4.4s, v5.4s, v6.4s, v7.4s}, [%[s]], #64\n"        \
      "ld1 {v8.4s, v9.4s, v10.4s, v11.4s}, [%[s]], #64\n ld1 {v12.4s, v13.4s, v14.4s, v15.4s}, [%[s]]\n"       \
      "sub %[s], %[s], #192\n"                                                                                \
      "1:\n mov %[row], %[rows]\n mov %[i], %[k]\n"                                                           \
      "2:\n mov %[e], %[row]\n add %[o], %[row], %[half]\n" TAPS                                              \
      "add %[row], %[row], %[pair]\n subs %[i], %[i], #1\n b.ne 2b\n"                                          \
      "add %[rows], %[rows], %[next]\n subs %[c], %[c], #1\n b.ne 1b\n"                                        \
      "st1 {v0.4s, v1.4s, v2.4s, v3.4s}, [%[s]], #64\n st1 {v4.4s, v5.4s, v6.4s, v7.4s}, [%[s]], #64\n"        \
      "st1 {v8.4s, v9.4s, v10.4s, v11.4s}, [%[s]], #64\n st1 {v12.4s, v13.4s, v14.4s, v15.4s}, [%[s]]\n"       \
      : [s] "+r"(sums), [rows] "+r"(rows), [row] "=&r"(row), [e] "=&r"(e), [o] "=&r"(o), [i] "=&r"(i),         \
        [c] "+r"(c), [w] "+r"(w)                                                                              \
      : [k] "r"(k), [four] "r"(four), [half] "r"(half), [pair] "r"(pair), [next] "r"(next)                    \
      : "cc", "memory", EMBER_ASM_CLOBBER_ROWS4, EMBER_ASM_CLOBBER_B, "v28")
template <int K>
void S2TileSums(const float* rows, int64_t cin, int64_t plane, int64_t w2, const float* w, V (&acc)[4][4]) {
  static_assert(K == 5 || K == 7, "3x3 tiles keep the compiler's code (see conv_s2_direct_kernel.inc)");
  if (cin <= 0) return;
  float* sums = reinterpret_cast<float*>(acc);
  const int64_t k = K, four = 4, half = w2 * 4, pair = 2 * w2 * 4, next = plane * 4;
  int64_t c = cin, i;
  const float *row, *e, *o;
  if constexpr (K == 5) EMBER_S2_ASM(EMBER_S2_TAPS5);
  if constexpr (K == 7) EMBER_S2_ASM(EMBER_S2_TAPS7);
}
#undef EMBER_S2_ASM
#undef EMBER_S2_TAPS7
#undef EMBER_S2_TAPS5
#undef EMBER_S2_TAPS3
#undef EMBER_S2_TAP
}  // namespace
#define S2_TILE_SUMS(K, rows, cin, plane, w2, w, acc) S2TileSums<K>(rows, cin, plane, w2, w, acc)
#else
#define EMBER_S2_NV 2
#endif
#include "operators/kernel/simd/conv_s2_direct_kernel.inc"

}  // namespace arm
}  // namespace ember
