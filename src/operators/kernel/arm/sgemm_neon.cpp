// NEON SGEMM micro-kernels (on 32-bit ARM this file is compiled with -mfpu=neon-vfpv4; see
// cmake/arm_kernels.cmake). aarch64: 6 x 16 tiles (24 of the 32 q registers accumulate, 4 hold B, 1 the
// broadcast A value); armv7: 6 x 8 tiles (12 of the 16 q registers accumulate).
#include <arm_neon.h>

#include "operators/kernel/arm/neon_asm.h"
#include "operators/kernel/arm/sgemm_arm.h"

namespace ember {
namespace arm {

using simd::GemmEpilogue;
using simd::kGemmMR;

namespace {
#include "operators/kernel/arm/vmath_isa_neon.inc"
}  // namespace

#define VLOAD(p) VLoad(p)
#define VSTORE(p, v) VStore(p, v)
#define VLOADN(p, n) VLoadN(p, n)
#define VSTOREN(p, v, n) VStoreN(p, v, n)
#define VSET1(x) VSet1(x)
#define VFMA(a, b, c) VFma(a, b, c)
#define VZERO() VZero()
#define VMUL(a, b) VMul(a, b)
#define VADD(a, b) VAdd(a, b)
#define VMAX(a, b) vmaxq_f32(a, b)
#define VMIN(a, b) vminq_f32(a, b)
#define EMBER_GEMM_KERNEL GemmKernelNeon
#define EMBER_GEMM_AXPY4 GemmAxpy4Neon
#if defined(__aarch64__)
#define EMBER_GEMM_NV 4
// The full-width tile's k loop in assembly: the 24 accumulators in v0-v23, B in v24-v27, the A values as the
// lanes of v28-v30, each multiplying B by element (fmla v, v, v.s[i]); the sums are
// stored to acc at the end (an asm statement takes at most 30 operands, too few to keep 24 in registers).
// Written with intrinsics, GCC kept the A values in 6 registers and spilled an accumulator in every step (35-38
// instructions per step; here 26, B's four vectors in one ld1 and A's values for 4 steps in two loads:
// tools/arm_bench.sh --insns counts them).
#define EMBER_GEMM_K_LOOP
namespace {
// The narrower last panels (NV 1..3, a block's columns past the last multiple of 16): intrinsics, four k steps
// per iteration (then two, then one), each A value used by lane (a broadcast per value took 16 instructions
// per 6 FMAs at NV 1; two steps per iteration 23 per 12 FMAs).
template <int NV>
inline bool KLoopFast(int64_t kc, const float* a, const float* b, int64_t ldb, float32x4_t (&acc)[kGemmMR][NV]) {
  float32x4_t c[kGemmMR][NV];
#pragma GCC unroll 8
  for (int r = 0; r < kGemmMR; ++r)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) c[r][v] = vdupq_n_f32(0.f);
  float32x4_t bv[NV];
#define EMBER_FMA_ROW(r, x, lane)                                                        \
  _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) c[r][v] = vfmaq_laneq_f32(c[r][v], bv[v], x, lane);
#define EMBER_LOAD_B                                                   \
  _Pragma("GCC unroll 4") for (int v = 0; v < NV; ++v) bv[v] = vld1q_f32(b + 4 * v); \
  b += ldb;
  int64_t k = 0;
  for (; k + 4 <= kc; k += 4, a += 4 * kGemmMR) {  // four steps: A's 24 floats in six loads (GCC pairs them)
    const float32x4_t x0 = vld1q_f32(a), x1 = vld1q_f32(a + 4), x2 = vld1q_f32(a + 8);
    const float32x4_t x3 = vld1q_f32(a + 12), x4 = vld1q_f32(a + 16), x5 = vld1q_f32(a + 20);
    EMBER_LOAD_B
    EMBER_FMA_ROW(0, x0, 0) EMBER_FMA_ROW(1, x0, 1) EMBER_FMA_ROW(2, x0, 2)
    EMBER_FMA_ROW(3, x0, 3) EMBER_FMA_ROW(4, x1, 0) EMBER_FMA_ROW(5, x1, 1)
    EMBER_LOAD_B
    EMBER_FMA_ROW(0, x1, 2) EMBER_FMA_ROW(1, x1, 3) EMBER_FMA_ROW(2, x2, 0)
    EMBER_FMA_ROW(3, x2, 1) EMBER_FMA_ROW(4, x2, 2) EMBER_FMA_ROW(5, x2, 3)
    EMBER_LOAD_B
    EMBER_FMA_ROW(0, x3, 0) EMBER_FMA_ROW(1, x3, 1) EMBER_FMA_ROW(2, x3, 2)
    EMBER_FMA_ROW(3, x3, 3) EMBER_FMA_ROW(4, x4, 0) EMBER_FMA_ROW(5, x4, 1)
    EMBER_LOAD_B
    EMBER_FMA_ROW(0, x4, 2) EMBER_FMA_ROW(1, x4, 3) EMBER_FMA_ROW(2, x5, 0)
    EMBER_FMA_ROW(3, x5, 1) EMBER_FMA_ROW(4, x5, 2) EMBER_FMA_ROW(5, x5, 3)
  }
  for (; k + 2 <= kc; k += 2, a += 2 * kGemmMR) {
    const float32x4_t x0 = vld1q_f32(a), x1 = vld1q_f32(a + 4), x2 = vld1q_f32(a + 8);
    EMBER_LOAD_B
    EMBER_FMA_ROW(0, x0, 0) EMBER_FMA_ROW(1, x0, 1) EMBER_FMA_ROW(2, x0, 2)
    EMBER_FMA_ROW(3, x0, 3) EMBER_FMA_ROW(4, x1, 0) EMBER_FMA_ROW(5, x1, 1)
    EMBER_LOAD_B
    EMBER_FMA_ROW(0, x1, 2) EMBER_FMA_ROW(1, x1, 3) EMBER_FMA_ROW(2, x2, 0)
    EMBER_FMA_ROW(3, x2, 1) EMBER_FMA_ROW(4, x2, 2) EMBER_FMA_ROW(5, x2, 3)
  }
  if (k < kc) {  // the last step: a[4], a[5] loaded as a pair, nothing read past the panel
    const float32x4_t x0 = vld1q_f32(a), x1 = vcombine_f32(vld1_f32(a + 4), vdup_n_f32(0.f));
    EMBER_LOAD_B
    EMBER_FMA_ROW(0, x0, 0) EMBER_FMA_ROW(1, x0, 1) EMBER_FMA_ROW(2, x0, 2)
    EMBER_FMA_ROW(3, x0, 3) EMBER_FMA_ROW(4, x1, 0) EMBER_FMA_ROW(5, x1, 1)
  }
#undef EMBER_LOAD_B
#undef EMBER_FMA_ROW
#pragma GCC unroll 8
  for (int r = 0; r < kGemmMR; ++r)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[r][v] = c[r][v];
  return true;
}

// The 6x16 tile's k loop (operands a, b, k4, k1, ldb; accumulators v0-v23, B v24-v27, A v28-v30): four k
// steps per iteration, A's 24 floats in two loads of three registers, each holding two steps' 6 values (a
// step's a4, a5 and the next one's a0, a1 share v29); 104 instructions per 96 FMAs. The last kc % 4 steps one
// at a time (29 per 24). Ends at label 2.
#define EMBER_ASM_GEMM_K_LOOP                                                                   \
  "cbz %[k4], 3f\n"                                                                             \
  "1:\n"                                                                                        \
  "ld1 {v28.4s, v29.4s, v30.4s}, [%[a]], #48\n" EMBER_ASM_B_LOAD                               \
  EMBER_ASM_FMLA_ROWS6("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]", "v29.s[0]", "v29.s[1]")  \
  EMBER_ASM_B_LOAD                                                                              \
  EMBER_ASM_FMLA_ROWS6("v29.s[2]", "v29.s[3]", "v30.s[0]", "v30.s[1]", "v30.s[2]", "v30.s[3]")  \
  "ld1 {v28.4s, v29.4s, v30.4s}, [%[a]], #48\n" EMBER_ASM_B_LOAD                               \
  EMBER_ASM_FMLA_ROWS6("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]", "v29.s[0]", "v29.s[1]")  \
  EMBER_ASM_B_LOAD                                                                              \
  EMBER_ASM_FMLA_ROWS6("v29.s[2]", "v29.s[3]", "v30.s[0]", "v30.s[1]", "v30.s[2]", "v30.s[3]")  \
  "subs %[k4], %[k4], #1\n"                                                                     \
  "b.ne 1b\n"                                                                                   \
  "3:\n"                                                                                        \
  "cbz %[k1], 2f\n"                                                                             \
  "4:\n" EMBER_ASM_B_LOAD                                                                      \
  "ldr q28, [%[a]], #8\n"                                                                       \
  "ldr q29, [%[a]], #16\n"                                                                      \
  EMBER_ASM_FMLA_ROWS6("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]", "v29.s[2]", "v29.s[3]")  \
  "subs %[k1], %[k1], #1\n"                                                                     \
  "b.ne 4b\n"                                                                                   \
  "2:\n"
template <>
inline bool KLoopFast<4>(int64_t kc, const float* a, const float* b, int64_t ldb, float32x4_t (&acc)[kGemmMR][4]) {
  const int64_t ldb_bytes = ldb * static_cast<int64_t>(sizeof(float));
  float* out = reinterpret_cast<float*>(acc);
  if (kc < 0) kc = 0;
  int64_t k4 = kc / 4, k1 = kc % 4;
  asm volatile(
      EMBER_ASM_ZERO_ROWS6
      EMBER_ASM_GEMM_K_LOOP
      "stp q0, q1, [%[out]]\n stp q2, q3, [%[out], #32]\n stp q4, q5, [%[out], #64]\n"
      "stp q6, q7, [%[out], #96]\n stp q8, q9, [%[out], #128]\n stp q10, q11, [%[out], #160]\n"
      "stp q12, q13, [%[out], #192]\n stp q14, q15, [%[out], #224]\n stp q16, q17, [%[out], #256]\n"
      "stp q18, q19, [%[out], #288]\n stp q20, q21, [%[out], #320]\n stp q22, q23, [%[out], #352]\n"
      : [a] "+r"(a), [b] "+r"(b), [k4] "+r"(k4), [k1] "+r"(k1)
      : [ldb] "r"(ldb_bytes), [out] "r"(out)
      : "cc", "memory", EMBER_ASM_CLOBBER_ROWS6, EMBER_ASM_CLOBBER_B, "v28", "v29", "v30");
  return true;
}

// A one-column tile (a block's last panel when N = 16 n + 1, e.g. 7x7 outputs: 49 columns): the 6 rows' dot
// products with B's column, A's 12 floats of two k steps as three vectors times (b0 b0 b0 b0), (b0 b0 b1 b1),
// (b1 b1 b1 b1): 19 instructions per 4 k steps, where a 4-lane tile wastes 3 lanes at 36.
#define EMBER_GEMM_COLUMN_DOTS
inline void ColumnDots(int64_t kc, const float* a, const float* b, int64_t ldb, float* sums) {
  float32x4_t s0 = vdupq_n_f32(0.f), s1 = s0, s2 = s0;
  int64_t k = 0;
  for (; k + 4 <= kc; k += 4, a += 4 * kGemmMR, b += 4 * ldb) {  // b0..b3 in one register, paired by zips
    float32x4_t bq = vld1q_dup_f32(b);
    bq = vld1q_lane_f32(b + ldb, bq, 1);
    bq = vld1q_lane_f32(b + 2 * ldb, bq, 2);
    bq = vld1q_lane_f32(b + 3 * ldb, bq, 3);
    s0 = vfmaq_laneq_f32(s0, vld1q_f32(a), bq, 0);
    s1 = vfmaq_f32(s1, vld1q_f32(a + 4), vzip1q_f32(bq, bq));
    s2 = vfmaq_laneq_f32(s2, vld1q_f32(a + 8), bq, 1);
    s0 = vfmaq_laneq_f32(s0, vld1q_f32(a + 12), bq, 2);
    s1 = vfmaq_f32(s1, vld1q_f32(a + 16), vzip2q_f32(bq, bq));
    s2 = vfmaq_laneq_f32(s2, vld1q_f32(a + 20), bq, 3);
  }
  for (; k + 2 <= kc; k += 2, a += 2 * kGemmMR, b += 2 * ldb) {
    const float32x2_t bb = vld1_lane_f32(b + ldb, vld1_dup_f32(b), 1);  // b0 b1
    const float32x4_t bq = vcombine_f32(bb, bb);
    s0 = vfmaq_lane_f32(s0, vld1q_f32(a), bb, 0);        // k0: rows 0-3
    s1 = vfmaq_f32(s1, vld1q_f32(a + 4), vzip1q_f32(bq, bq));  // k0: rows 4, 5; k1: rows 0, 1
    s2 = vfmaq_lane_f32(s2, vld1q_f32(a + 8), bb, 1);    // k1: rows 2-5
  }
  float lo[4], mid[4], hi[4];
  vst1q_f32(lo, s0);
  vst1q_f32(mid, s1);
  vst1q_f32(hi, s2);
  sums[0] = lo[0] + mid[2], sums[1] = lo[1] + mid[3], sums[2] = lo[2] + hi[0], sums[3] = lo[3] + hi[1];
  sums[4] = mid[0] + hi[2], sums[5] = mid[1] + hi[3];
  if (k < kc)
    for (int r = 0; r < kGemmMR; ++r) sums[r] += a[r] * b[0];
}

// The k loop of a tile of fewer rows (a panel's last rows, M = 6 q + 1..4: most channel counts), FMLA_ROWS one
// of EMBER_ASM_FMLA_ROWS4 / _ROWS2: A packed for 6 rows as in EMBER_ASM_GEMM_K_LOOP, the first 4 (2) used; 70
// instructions per 64 FMAs (40 per 32), where the 6-row loop spends 104 on the same useful ones. Ends at
// label 2.
#define EMBER_ASM_GEMM_K_LOOP_SHORT(FMLA_ROWS)                                     \
  "cbz %[k4], 3f\n"                                                                \
  "1:\n"                                                                           \
  "ld1 {v28.4s, v29.4s, v30.4s}, [%[a]], #48\n" EMBER_ASM_B_LOAD                  \
  FMLA_ROWS("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]") EMBER_ASM_B_LOAD      \
  FMLA_ROWS("v29.s[2]", "v29.s[3]", "v30.s[0]", "v30.s[1]")                       \
  "ld1 {v28.4s, v29.4s, v30.4s}, [%[a]], #48\n" EMBER_ASM_B_LOAD                  \
  FMLA_ROWS("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]") EMBER_ASM_B_LOAD      \
  FMLA_ROWS("v29.s[2]", "v29.s[3]", "v30.s[0]", "v30.s[1]")                       \
  "subs %[k4], %[k4], #1\n"                                                        \
  "b.ne 1b\n"                                                                      \
  "3:\n"                                                                           \
  "cbz %[k1], 2f\n"                                                                \
  "4:\n" EMBER_ASM_B_LOAD                                                         \
  "ldr q28, [%[a]]\n"                                                              \
  "add %[a], %[a], #24\n"                                                          \
  FMLA_ROWS("v28.s[0]", "v28.s[1]", "v28.s[2]", "v28.s[3]")                       \
  "subs %[k1], %[k1], #1\n"                                                        \
  "b.ne 4b\n"                                                                      \
  "2:\n"
#define EMBER_ASM_FMLA_ROWS2(a0, a1, a2, a3) \
  EMBER_ASM_FMLA_ROW("v0", "v1", "v2", "v3", a0) EMBER_ASM_FMLA_ROW("v4", "v5", "v6", "v7", a1)

// Full-width tiles (16 columns, C overwritten, an optional bias per row and a relu / relu6-type clamp) in one
// asm block: the accumulators start at the bias and are clamped and stored from registers. Through acc[] in
// memory and the generic epilogue a tile cost ~210 instructions besides its k loop (a quarter of a K = 24
// tile's), here ~90. Six rows, or 3-4 in a 4-row tile and 1-2 in a 2-row one (storing the first mr rows).
#define EMBER_GEMM_FULL_TILE
#define EMBER_ASM_BIAS_ROW(c0, c1, c2, c3)                                    \
  "ld1r {" c0 ".4s}, [%[bias]], #4\n mov " c1 ".16b, " c0 ".16b\n"             \
  "mov " c2 ".16b, " c0 ".16b\n mov " c3 ".16b, " c0 ".16b\n"
#define EMBER_ASM_LOAD_ROW(c0, c1, c2, c3) "ld1 {" c0 ".4s, " c1 ".4s, " c2 ".4s, " c3 ".4s}, [%[c_in]], %[ldc]\n"
#define EMBER_ASM_MAX_ROW(c0, c1, c2, c3)                                                                      \
  "fmax " c0 ".4s, " c0 ".4s, v24.4s\n fmax " c1 ".4s, " c1 ".4s, v24.4s\n fmax " c2 ".4s, " c2 ".4s, v24.4s\n" \
  "fmax " c3 ".4s, " c3 ".4s, v24.4s\n"
#define EMBER_ASM_MIN_ROW(c0, c1, c2, c3)                                                                      \
  "fmin " c0 ".4s, " c0 ".4s, v25.4s\n fmin " c1 ".4s, " c1 ".4s, v25.4s\n fmin " c2 ".4s, " c2 ".4s, v25.4s\n" \
  "fmin " c3 ".4s, " c3 ".4s, v25.4s\n"
#define EMBER_ASM_ROWS4(M) \
  M("v0", "v1", "v2", "v3") M("v4", "v5", "v6", "v7") M("v8", "v9", "v10", "v11") M("v12", "v13", "v14", "v15")
#define EMBER_ASM_ROWS6(M) EMBER_ASM_ROWS4(M) M("v16", "v17", "v18", "v19") M("v20", "v21", "v22", "v23")
#define EMBER_ASM_ROWS2(M) M("v0", "v1", "v2", "v3") M("v4", "v5", "v6", "v7")
// Rows' clamp: %[clamp] 0 none, 1 max only (relu: hi is +inf), 2 max and min; bounds lo, hi at %[bounds].
#define EMBER_ASM_CLAMP(ROWS)                 \
  "cbz %[clamp], 5f\n"                        \
  "ld1r {v24.4s}, [%[bounds]], #4\n"          \
  ROWS(EMBER_ASM_MAX_ROW)                     \
  "cmp %[clamp], #1\n"                        \
  "b.eq 5f\n"                                 \
  "ld1r {v25.4s}, [%[bounds]]\n"              \
  ROWS(EMBER_ASM_MIN_ROW)                     \
  "5:\n"

// An epilogue as the asm tiles take it, made once per row of tiles. false: one they do not handle (alpha,
// leaky, another beta, five rows, or a later K block's short tile), left to the generic code.
struct AsmEpilogue {
  float bias[kGemmMR];  // the first mr values, zero past them (a panel's last rows: only mr values exist)
  float bounds[2];      // lo, hi
  int64_t clamp;        // 0 none, 1 max only (relu: hi is +inf), 2 max and min
  int64_t from_c;       // a later K block (beta 1, no bias): the sums start from C instead of the bias
};

inline bool AsmEpilogueOf(const GemmEpilogue& e, int mr, AsmEpilogue* t) {
  const bool from_c = e.beta == 1.f && !e.bias;
  if (e.alpha != 1.f || (e.beta != 0.f && !from_c) || (e.act != 0 && e.act != 1)) return false;
  if (mr != kGemmMR && (mr > 4 || from_c)) return false;
  for (int r = 0; r < kGemmMR; ++r) t->bias[r] = e.bias && r < mr ? e.bias[r] : 0.f;
  t->bounds[0] = e.lo, t->bounds[1] = e.hi;
  t->clamp = e.act != 1 ? 0 : e.hi == __builtin_inff() ? 1 : 2;
  t->from_c = from_c;
  return true;
}

inline void FullTile6(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc,
                      const AsmEpilogue& t) {
  const float* bias = t.bias;
  const float* bounds = t.bounds;  // post-incremented by the asm
  const int64_t ldb_bytes = ldb * 4, ldc_bytes = ldc * 4;
  if (kc < 0) kc = 0;
  int64_t k4 = kc / 4, k1 = kc % 4;
  const float* c_in = c;
  asm volatile(
      "cbnz %[from_c], 7f\n"
      EMBER_ASM_ROWS6(EMBER_ASM_BIAS_ROW)
      "b 8f\n"
      "7:\n"
      EMBER_ASM_ROWS6(EMBER_ASM_LOAD_ROW)
      "8:\n"
      EMBER_ASM_GEMM_K_LOOP
      EMBER_ASM_CLAMP(EMBER_ASM_ROWS6)
      EMBER_ASM_STORE_ROWS6
      : [a] "+r"(a), [b] "+r"(b), [k4] "+r"(k4), [k1] "+r"(k1), [bias] "+r"(bias), [c] "+r"(c),
        [bounds] "+r"(bounds), [c_in] "+r"(c_in)
      : [ldb] "r"(ldb_bytes), [ldc] "r"(ldc_bytes), [clamp] "r"(t.clamp), [from_c] "r"(t.from_c)
      : "cc", "memory", EMBER_ASM_CLOBBER_ROWS6, EMBER_ASM_CLOBBER_B, "v28", "v29", "v30");
}

// Rows 0 .. mr - 1 of a tile of R rows (R = 4: 3 <= mr <= 4, R = 2: mr <= 2).
template <int R>
inline void FullTileShort(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc, int mr,
                          const AsmEpilogue& t) {
  const float* bias = t.bias;
  const float* bounds = t.bounds;
  const int64_t clamp = t.clamp, ldb_bytes = ldb * 4, ldc_bytes = ldc * 4, rows = mr;
  if (kc < 0) kc = 0;
  int64_t k4 = kc / 4, k1 = kc % 4;
#define EMBER_ASM_OPERANDS                                                                                     \
  : [a] "+r"(a), [b] "+r"(b), [k4] "+r"(k4), [k1] "+r"(k1), [bias] "+r"(bias), [c] "+r"(c), [bounds] "+r"(bounds) \
  : [ldb] "r"(ldb_bytes), [ldc] "r"(ldc_bytes), [clamp] "r"(clamp), [rows] "r"(rows)                          \
  : "cc", "memory", EMBER_ASM_CLOBBER_ROWS4, EMBER_ASM_CLOBBER_B, "v28", "v29", "v30"
  if constexpr (R == 4) {
    asm volatile(
        EMBER_ASM_ROWS4(EMBER_ASM_BIAS_ROW)
        EMBER_ASM_GEMM_K_LOOP_SHORT(EMBER_ASM_FMLA_ROWS4)
        EMBER_ASM_CLAMP(EMBER_ASM_ROWS4)
        "st1 {v0.4s, v1.4s, v2.4s, v3.4s}, [%[c]], %[ldc]\n"
        "st1 {v4.4s, v5.4s, v6.4s, v7.4s}, [%[c]], %[ldc]\n"
        "st1 {v8.4s, v9.4s, v10.4s, v11.4s}, [%[c]], %[ldc]\n"
        "cmp %[rows], #4\n b.lt 6f\n"
        "st1 {v12.4s, v13.4s, v14.4s, v15.4s}, [%[c]], %[ldc]\n"
        "6:\n" EMBER_ASM_OPERANDS);
  } else {
    asm volatile(
        EMBER_ASM_ROWS2(EMBER_ASM_BIAS_ROW)
        EMBER_ASM_GEMM_K_LOOP_SHORT(EMBER_ASM_FMLA_ROWS2)
        EMBER_ASM_CLAMP(EMBER_ASM_ROWS2)
        "st1 {v0.4s, v1.4s, v2.4s, v3.4s}, [%[c]], %[ldc]\n"
        "cmp %[rows], #2\n b.lt 6f\n"
        "st1 {v4.4s, v5.4s, v6.4s, v7.4s}, [%[c]], %[ldc]\n"
        "6:\n" EMBER_ASM_OPERANDS);
  }
#undef EMBER_ASM_OPERANDS
}
#undef EMBER_ASM_BIAS_ROW
#undef EMBER_ASM_LOAD_ROW
#undef EMBER_ASM_MAX_ROW
#undef EMBER_ASM_MIN_ROW
#undef EMBER_ASM_ROWS4
#undef EMBER_ASM_ROWS6
#undef EMBER_ASM_ROWS2
#undef EMBER_ASM_CLAMP
#undef EMBER_ASM_FMLA_ROWS2
#undef EMBER_ASM_GEMM_K_LOOP_SHORT

// One tile of mr rows (6, or 1-4) through an asm tile.
inline void AsmTile(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc, int mr,
                    const AsmEpilogue& t) {
  if (mr == kGemmMR) FullTile6(kc, a, b, ldb, c, ldc, t);
  else if (mr > 2) FullTileShort<4>(kc, a, b, ldb, c, ldc, mr, t);
  else FullTileShort<2>(kc, a, b, ldb, c, ldc, mr, t);
}

inline bool FullTileFast(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc, int mr,
                         const GemmEpilogue& e) {
  AsmEpilogue t;
  if (!AsmEpilogueOf(e, mr, &t)) return false;
  AsmTile(kc, a, b, ldb, c, ldc, mr, t);
  return true;
}
}  // namespace
#else
#define EMBER_GEMM_NV 2
#endif
#include "operators/kernel/simd/sgemm_kernel.inc"

#if defined(__aarch64__)
// GemmKernels::row: the epilogue checked and laid out once, then each 16-column panel straight into its asm tile.
void GemmRowNeon(int64_t kc, const float* a, const float* b, int64_t panel_step, int64_t ldb, float* c,
                 int64_t ldc, int mr, int64_t n, const GemmEpilogue& ep) {
  AsmEpilogue t;
  if (!AsmEpilogueOf(ep, mr, &t)) {
    for (int64_t j = 0; j < n; j += 16, b += panel_step) GemmKernelNeon(kc, a, b, ldb, c + j, ldc, mr, 16, ep);
    return;
  }
  for (int64_t j = 0; j < n; j += 16, b += panel_step) AsmTile(kc, a, b, ldb, c + j, ldc, mr, t);
}
#endif

void GatherEvenNeon(const float* src, float* dst, int64_t n) {
  int64_t t = 0;
  for (; t + 4 < n; t += 4) vst1q_f32(dst + t, vld2q_f32(src + 2 * t).val[0]);  // reads src[2t .. 2t + 7]
  if (n - t > 1 && n >= 5) {  // all but the last of the 2-4 left: one vector ending a float early, overlapping
    vst1q_f32(dst + n - 5, vld2q_f32(src + 2 * (n - 5)).val[0]);
    t = n - 1;
  }
  for (; t < n; ++t) dst[t] = src[2 * t];
}

}  // namespace arm
}  // namespace ember
