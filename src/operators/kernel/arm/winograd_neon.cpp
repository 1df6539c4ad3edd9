// NEON Winograd kernels (on 32-bit ARM compiled with -mfpu=neon-vfpv4; see cmake/arm_kernels.cmake). No gather:
// the driver pads the input and 4 tiles' patch rows are loaded as vectors and transposed.
#include <arm_neon.h>

#include "operators/kernel/arm/neon_asm.h"
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

// Whole-vector patch loads and output stores for 4 tiles (the kernel's WINO_ROW_LOAD / WINO_ROW_STORE): a 4x4
// transpose turns 4 tiles' rows into 4 lanes' columns and back, where the lane-by-lane copy costs two
// instructions per float.
namespace {

// r_l[j] <- r_j[l]
inline __attribute__((always_inline)) void Transpose4(float32x4_t& r0, float32x4_t& r1, float32x4_t& r2,
                                                      float32x4_t& r3) {
#if defined(__aarch64__)
  const float64x2_t t0 = vreinterpretq_f64_f32(vtrn1q_f32(r0, r1)), t1 = vreinterpretq_f64_f32(vtrn2q_f32(r0, r1));
  const float64x2_t t2 = vreinterpretq_f64_f32(vtrn1q_f32(r2, r3)), t3 = vreinterpretq_f64_f32(vtrn2q_f32(r2, r3));
  r0 = vreinterpretq_f32_f64(vtrn1q_f64(t0, t2));
  r1 = vreinterpretq_f32_f64(vtrn1q_f64(t1, t3));
  r2 = vreinterpretq_f32_f64(vtrn2q_f64(t0, t2));
  r3 = vreinterpretq_f32_f64(vtrn2q_f64(t1, t3));
#else
  const float32x4x2_t a = vtrnq_f32(r0, r1), b = vtrnq_f32(r2, r3);
  r0 = vcombine_f32(vget_low_f32(a.val[0]), vget_low_f32(b.val[0]));
  r1 = vcombine_f32(vget_low_f32(a.val[1]), vget_low_f32(b.val[1]));
  r2 = vcombine_f32(vget_high_f32(a.val[0]), vget_high_f32(b.val[0]));
  r3 = vcombine_f32(vget_high_f32(a.val[1]), vget_high_f32(b.val[1]));
#endif
}

// d[q][l] = s[l][q] for q < n (4, 6 or 8); reads only the n floats of each row.
inline __attribute__((always_inline)) void RowLoad(float (*d)[4], const float* const* s, int n) {
  for (int q = 0; q + 4 <= n; q += 4) {
    float32x4_t r0 = vld1q_f32(s[0] + q), r1 = vld1q_f32(s[1] + q), r2 = vld1q_f32(s[2] + q), r3 = vld1q_f32(s[3] + q);
    Transpose4(r0, r1, r2, r3);
    vst1q_f32(d[q], r0);
    vst1q_f32(d[q + 1], r1);
    vst1q_f32(d[q + 2], r2);
    vst1q_f32(d[q + 3], r3);
  }
  if (n % 4 == 2) {  // [s0 s0' s1 s1'] and [s2 s2' s3 s3'] unzipped into q and q + 1
    const int q = n - 2;
    const float32x4x2_t u = vuzpq_f32(vcombine_f32(vld1_f32(s[0] + q), vld1_f32(s[1] + q)),
                                      vcombine_f32(vld1_f32(s[2] + q), vld1_f32(s[3] + q)));
    vst1q_f32(d[q], u.val[0]);
    vst1q_f32(d[q + 1], u.val[1]);
  }
}

// dst[l * plane + q] = y[q][l] for q < n (2, 4 or 6).
inline __attribute__((always_inline)) void RowStore(float* dst, int64_t plane, const float32x4_t* y, int n) {
  for (int q = 0; q < n; q += 4) {
    const bool four = q + 4 <= n;
    float32x4_t r0 = y[q], r1 = y[q + 1], r2 = four ? y[q + 2] : r0, r3 = four ? y[q + 3] : r1;
    Transpose4(r0, r1, r2, r3);
    if (four) {
      vst1q_f32(dst + q, r0);
      vst1q_f32(dst + plane + q, r1);
      vst1q_f32(dst + 2 * plane + q, r2);
      vst1q_f32(dst + 3 * plane + q, r3);
    } else {
      vst1_f32(dst + q, vget_low_f32(r0));
      vst1_f32(dst + plane + q, vget_low_f32(r1));
      vst1_f32(dst + 2 * plane + q, vget_low_f32(r2));
      vst1_f32(dst + 3 * plane + q, vget_low_f32(r3));
    }
  }
}

}  // namespace
#define WINO_ROW_LOAD(d, src, n) RowLoad(d, src, n)
// The driver pads the input, so every tile takes RowLoad.
#define WINO_PADS_INPUT true
#define WINO_ROW_STORE(dst, plane, y, n) RowStore(dst, plane, y, n)

#if defined(__aarch64__)
// The per-position GEMM on aarch64's 32 registers: 6 tiles x 16 output channels (24 accumulators), the 6 tile
// values of a k step loaded as two q registers and used by lane (fmla by element): 27 instructions
// per 24 FMAs against 22 per 12 with a broadcast per tile. Tiles past g.live are not computed (m keeps garbage
// there, which the output transform never reads).
#define WINO_CUSTOM_GEMM
namespace {

// R tiles (1, 2, 3, 5: the last ones) x 16 output channels. Named accumulators, not an array: GCC keeps an
// array of vectors in memory across the k loop. The tile values are read 4 (and 2) at a time: v's rows hold at least the GEMM's
// rows (a multiple of 6), so the reads past R stay inside the buffer.
template <int R>
void Tile(const float* a, int64_t lda, const float* b, int64_t K, float* c, int64_t ldc) {
#define EMBER_WINO_ACC(r) float32x4_t c##r##0 = vdupq_n_f32(0.f), c##r##1 = c##r##0, c##r##2 = c##r##0, c##r##3 = c##r##0;
  EMBER_WINO_ACC(0) EMBER_WINO_ACC(1) EMBER_WINO_ACC(2) EMBER_WINO_ACC(3) EMBER_WINO_ACC(4) EMBER_WINO_ACC(5)
#undef EMBER_WINO_ACC
  for (int64_t k = 0; k < K; ++k) {
    const float32x4_t a03 = vld1q_f32(a);
    const float32x2_t a45 = R > 4 ? vld1_f32(a + 4) : vdup_n_f32(0.f);
    const float32x4_t b0 = vld1q_f32(b), b1 = vld1q_f32(b + 4), b2 = vld1q_f32(b + 8), b3 = vld1q_f32(b + 12);
#define EMBER_WINO_ROW(r, lanefma, av, lane)      \
  if (R > r) {                                    \
    c##r##0 = lanefma(c##r##0, b0, av, lane);     \
    c##r##1 = lanefma(c##r##1, b1, av, lane);     \
    c##r##2 = lanefma(c##r##2, b2, av, lane);     \
    c##r##3 = lanefma(c##r##3, b3, av, lane);     \
  }
    EMBER_WINO_ROW(0, vfmaq_laneq_f32, a03, 0)
    EMBER_WINO_ROW(1, vfmaq_laneq_f32, a03, 1)
    EMBER_WINO_ROW(2, vfmaq_laneq_f32, a03, 2)
    EMBER_WINO_ROW(3, vfmaq_laneq_f32, a03, 3)
    EMBER_WINO_ROW(4, vfmaq_lane_f32, a45, 0)
    EMBER_WINO_ROW(5, vfmaq_lane_f32, a45, 1)
#undef EMBER_WINO_ROW
    a += lda;
    b += simd::kWinoNB;
  }
#define EMBER_WINO_STORE(r)                  \
  if (R > r) {                               \
    vst1q_f32(c + r * ldc, c##r##0);         \
    vst1q_f32(c + r * ldc + 4, c##r##1);     \
    vst1q_f32(c + r * ldc + 8, c##r##2);     \
    vst1q_f32(c + r * ldc + 12, c##r##3);    \
  }
  EMBER_WINO_STORE(0) EMBER_WINO_STORE(1) EMBER_WINO_STORE(2) EMBER_WINO_STORE(3) EMBER_WINO_STORE(4)
  EMBER_WINO_STORE(5)
#undef EMBER_WINO_STORE
}

// The full 6 x 16 tile in assembly (GCC's code for Tile<6> took 35 instructions per k step): per step one ld1 of
// tiles 0-7 (6 used; post-incremented by the row stride; kWinoVSlack keeps the last row's read inside v), one
// ld1 of B's four vectors, 24 fmla by lane; four steps per iteration; the sums stored with one st1 per row. 26.5
// instructions per step (27 with two steps per iteration, 28 with tiles 4-5 loaded apart).
#define EMBER_WINO_STEP                                           \
  "ld1 {v28.4s, v29.4s}, [%[a]], %[lda]\n" EMBER_ASM_B_LOAD       \
  EMBER_ASM_FMLA_ROWS6("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]", "v29.s[0]", "v29.s[1]")
// Zeroes the rows, runs K steps (four per iteration, then one at a time), stores the rows to c.
#define EMBER_WINO_TILE_ASM(ZERO, STEP, STORE, ...)                                          \
  const int64_t lda_bytes = lda * 4, ldb_bytes = simd::kWinoNB * 4, ldc_bytes = ldc * 4;    \
  int64_t k4 = K / 4, k1 = K % 4;                                                           \
  asm volatile(ZERO "cbz %[k4], 3f\n"                                                        \
               "1:\n" STEP STEP STEP STEP "subs %[k4], %[k4], #1\n"                         \
               "b.ne 1b\n"                                                                  \
               "3:\n"                                                                       \
               "cbz %[k1], 2f\n"                                                            \
               "4:\n" STEP "subs %[k1], %[k1], #1\n"                                        \
               "b.ne 4b\n"                                                                  \
               "2:\n" STORE                                                                 \
               : [a] "+r"(a), [b] "+r"(b), [c] "+r"(c), [k4] "+r"(k4), [k1] "+r"(k1)         \
               : [lda] "r"(lda_bytes), [ldb] "r"(ldb_bytes), [ldc] "r"(ldc_bytes)            \
               : "cc", "memory", __VA_ARGS__);
void Tile6Asm(const float* a, int64_t lda, const float* b, int64_t K, float* c, int64_t ldc) {
  EMBER_WINO_TILE_ASM(EMBER_ASM_ZERO_ROWS6, EMBER_WINO_STEP, EMBER_ASM_STORE_ROWS6, EMBER_ASM_CLOBBER_ROWS6,
                      EMBER_ASM_CLOBBER_B, "v28", "v29")
}
// The last 4 tiles (a 7x7 output has 4 F(4,3) tiles in all): the same with 16 accumulators, 18.5 per 16 FMAs.
#define EMBER_WINO_STEP4                          \
  "ld1 {v28.4s}, [%[a]], %[lda]\n" EMBER_ASM_B_LOAD \
  EMBER_ASM_FMLA_ROWS4("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]")
void Tile4Asm(const float* a, int64_t lda, const float* b, int64_t K, float* c, int64_t ldc) {
  EMBER_WINO_TILE_ASM(EMBER_ASM_ZERO_ROWS4, EMBER_WINO_STEP4, EMBER_ASM_STORE_ROWS4, EMBER_ASM_CLOBBER_ROWS4,
                      EMBER_ASM_CLOBBER_B, "v28")
}
#undef EMBER_WINO_TILE_ASM
#undef EMBER_WINO_STEP4
#undef EMBER_WINO_STEP

void Gemm(const simd::WinoGemmArgs& g) {
  static_assert(simd::kWinoNB % 16 == 0, "panels are split in 16-channel columns");
  using TileFn = void (*)(const float*, int64_t, const float*, int64_t, float*, int64_t);
  static constexpr TileFn kTails[6] = {nullptr, Tile<1>, Tile<2>, Tile<3>, Tile4Asm, Tile<5>};
  const int64_t full = g.live / 6 * 6, tail = g.live - full;
  for (int64_t p = 0; p < g.panels; ++p) {
    for (int sub = 0; sub < simd::kWinoNB; sub += 16) {
      const float* b = g.u + p * g.K * simd::kWinoNB + sub;
      float* c = g.m + p * simd::kWinoNB + sub;
      for (int64_t r0 = 0; r0 < full; r0 += 6) Tile6Asm(g.v + r0, g.ldv, b, g.K, c + r0 * g.ldm, g.ldm);
      if (tail) kTails[tail](g.v + full, g.ldv, b, g.K, c + full * g.ldm, g.ldm);
    }
  }
}

}  // namespace
#endif

#include "operators/kernel/simd/winograd_kernel.inc"

}  // namespace arm
}  // namespace ember
