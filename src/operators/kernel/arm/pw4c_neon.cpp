// NEON 1x1 conv on NCHW4c (conv4c_arm.h, Pw4cNeon): a tile of P pixels x B blocks of 4 output channels keeps
// its sums in registers; per block of 4 input channels it loads the B x 4 weight vectors once and each
// pixel's input vector once, and multiplies lane by lane (fmla by element on aarch64). The input is read in
// place: no packed panels. aarch64's 8 x 2 tile, the one nearly all of the work runs, is inline assembly
// looping over a run's tiles (Tiles8x2Asm); the tails, one-block groups, leaky relu and armv7 use intrinsics.
#include <arm_neon.h>

#include "operators/kernel/arm/conv4c_arm.h"

namespace ember {
namespace arm {

namespace {

typedef float32x4_t V;

template <int L>
inline V FmaLane(V acc, V w, V x) {
#if defined(__aarch64__)
  return vfmaq_laneq_f32(acc, w, x, L);
#else
  return vfmaq_f32(acc, w, vdupq_n_f32(vgetq_lane_f32(x, L)));
#endif
}

// Epilogue kinds as the depthwise row passes': 0 none, 1 clamp [lo, hi], 2 leaky, 3 relu (max only). Chosen
// at run time: the intrinsics tiles run only the tails (one instantiation per shape keeps the library small).
inline V Activate(int act, V v, V lo, V hi, V slope) {
  if (act == 1) return vminq_f32(vmaxq_f32(v, lo), hi);
  if (act == 3) return vmaxq_f32(v, lo);
  if (act == 2) {
    const V z = vdupq_n_f32(0.f);
    return vfmaq_f32(vmaxq_f32(v, z), vminq_f32(v, z), slope);
  }
  return v;
}

// Pixels [p, p + P) of B output blocks.
template <int P, int B>
void Tile(const Pw4cArgs& a, int64_t p, int act, V lo, V hi, V slope) {
  V acc[B][P];
  for (int b = 0; b < B; ++b) {
    const V bias = vld1q_f32(a.bias + 4 * b);
    for (int q = 0; q < P; ++q) acc[b][q] = bias;
  }
  const float* x = a.in + p * 4;
  const float* w = a.w;
  const int64_t plane = a.hw * 4, in_blocks = a.cin_p / 4;
  for (int64_t ib = 0; ib < in_blocks; ++ib, x += plane, w += 4 * kPw4cGroup) {
    V wv[4][B];
    for (int l = 0; l < 4; ++l)
      for (int b = 0; b < B; ++b) wv[l][b] = vld1q_f32(w + l * kPw4cGroup + 4 * b);
#pragma GCC unroll 8
    for (int q = 0; q < P; ++q) {
      const V xv = vld1q_f32(x + 4 * q);
      for (int b = 0; b < B; ++b) {
        acc[b][q] = FmaLane<0>(acc[b][q], wv[0][b], xv);
        acc[b][q] = FmaLane<1>(acc[b][q], wv[1][b], xv);
        acc[b][q] = FmaLane<2>(acc[b][q], wv[2][b], xv);
        acc[b][q] = FmaLane<3>(acc[b][q], wv[3][b], xv);
      }
    }
  }
  for (int b = 0; b < B; ++b) {
    float* dst = a.out + (b * a.hw + p) * 4;
    for (int q = 0; q < P; ++q) vst1q_f32(dst + 4 * q, Activate(act, acc[b][q], lo, hi, slope));
  }
}

#if defined(__aarch64__)
// The 8-pixel x 2-block tile in assembly: sums in v8-v15 (block 0) and v16-v23 (block 1), a weight block's
// 4 lanes x 2 blocks in v0-v7, the 8 pixels' input vectors in v24-v31. Per input block: 4 loads and 64 FMAs
// (GCC's code of the intrinsics tile above kept the sums on the stack: 131M guest instructions for
// mobilenet_v2 against 106M in NCHW).
// Lane l of the 8 input vectors times the two blocks' weight vectors wb0, wb1.
#define EMBER_PW4C_LANE(wb0, wb1, l)                                                                           \
  "fmla v8.4s, " wb0 ".4s, v24.s[" l "]\n fmla v16.4s, " wb1 ".4s, v24.s[" l "]\n"                          \
  "fmla v9.4s, " wb0 ".4s, v25.s[" l "]\n fmla v17.4s, " wb1 ".4s, v25.s[" l "]\n"                          \
  "fmla v10.4s, " wb0 ".4s, v26.s[" l "]\n fmla v18.4s, " wb1 ".4s, v26.s[" l "]\n"                         \
  "fmla v11.4s, " wb0 ".4s, v27.s[" l "]\n fmla v19.4s, " wb1 ".4s, v27.s[" l "]\n"                         \
  "fmla v12.4s, " wb0 ".4s, v28.s[" l "]\n fmla v20.4s, " wb1 ".4s, v28.s[" l "]\n"                         \
  "fmla v13.4s, " wb0 ".4s, v29.s[" l "]\n fmla v21.4s, " wb1 ".4s, v29.s[" l "]\n"                         \
  "fmla v14.4s, " wb0 ".4s, v30.s[" l "]\n fmla v22.4s, " wb1 ".4s, v30.s[" l "]\n"                         \
  "fmla v15.4s, " wb0 ".4s, v31.s[" l "]\n fmla v23.4s, " wb1 ".4s, v31.s[" l "]\n"
// One input block: its 8 pixels' vectors and its weights, then 64 FMAs.
#define EMBER_PW4C_BLOCK                                                                                        \
  "ld1 {v24.4s, v25.4s, v26.4s, v27.4s}, [%[x]], #64\n"                                                        \
  "ld1 {v0.4s, v1.4s, v2.4s, v3.4s}, [%[w]], #64\n"                                                            \
  "ld1 {v28.4s, v29.4s, v30.4s, v31.4s}, [%[x]], %[x_step]\n"                                                  \
  "ld1 {v4.4s, v5.4s, v6.4s, v7.4s}, [%[w]], #64\n"                                                            \
  EMBER_PW4C_LANE("v0", "v1", "0") EMBER_PW4C_LANE("v2", "v3", "1")                                              \
  EMBER_PW4C_LANE("v4", "v5", "2") EMBER_PW4C_LANE("v6", "v7", "3")
#define EMBER_PW4C_EACH(op, r)                                                                                 \
  op " v8.4s, v8.4s, " r "\n " op " v9.4s, v9.4s, " r "\n " op " v10.4s, v10.4s, " r "\n "                  \
  op " v11.4s, v11.4s, " r "\n " op " v12.4s, v12.4s, " r "\n " op " v13.4s, v13.4s, " r "\n "              \
  op " v14.4s, v14.4s, " r "\n " op " v15.4s, v15.4s, " r "\n " op " v16.4s, v16.4s, " r "\n "              \
  op " v17.4s, v17.4s, " r "\n " op " v18.4s, v18.4s, " r "\n " op " v19.4s, v19.4s, " r "\n "              \
  op " v20.4s, v20.4s, " r "\n " op " v21.4s, v21.4s, " r "\n " op " v22.4s, v22.4s, " r "\n "              \
  op " v23.4s, v23.4s, " r "\n"

// `tiles` consecutive 8-pixel tiles from pixel p. act 0: none, 1: clamp to [lo, hi], 3: max with lo (relu);
// never 2 (leaky).
void Tiles8x2Asm(const Pw4cArgs& a, int64_t p, int64_t tiles, int act) {
  const float* x = a.in + p * 4;
  float* out0 = a.out + p * 4;
  // A one-block group (its second block's weights and bias are the packing's zeros) stores both to block 0.
  float* out1 = a.blocks == 2 ? out0 + a.hw * 4 : out0;
  const float bounds[2] = {a.ep.lo, a.ep.hi};
  const int64_t blocks = a.cin_p / 4;
  const int64_t x_step = (a.hw * 4 - 16) * 4;  // bytes from pixel 4 of one input block to pixel 0 of the next
  const int64_t x_rewind = blocks * a.hw * 16 - 128;  // bytes from past the last block to the next tile
  int64_t n = 0;
  const float* w = nullptr;
  const float* sums = nullptr;
  asm volatile(
      "5:\n"
      "mov %[w], %[w0]\n mov %[sums], %[sums0]\n mov %[n], %[blocks]\n"
      "ld1 {v8.4s, v9.4s, v10.4s, v11.4s}, [%[sums]], #64\n ld1 {v12.4s, v13.4s, v14.4s, v15.4s}, [%[sums]], #64\n"
      "ld1 {v16.4s, v17.4s, v18.4s, v19.4s}, [%[sums]], #64\n ld1 {v20.4s, v21.4s, v22.4s, v23.4s}, [%[sums]]\n"
      "tbz %[n], #0, 3f\n"  // an odd block first, then two per iteration
      EMBER_PW4C_BLOCK
      "3:\n lsr %[n], %[n], #1\n cbz %[n], 4f\n"
      "1:\n"
      EMBER_PW4C_BLOCK EMBER_PW4C_BLOCK
      "subs %[n], %[n], #1\n"
      "b.ne 1b\n"
      "4:\n"
      "cmp %w[act], #0\n b.eq 2f\n"
      "ld2r {v0.4s, v1.4s}, [%[bounds]]\n"
      EMBER_PW4C_EACH("fmax", "v0.4s")
      "cmp %w[act], #1\n b.ne 2f\n"
      EMBER_PW4C_EACH("fmin", "v1.4s")
      "2:\n"
      // block 1 first: a one-block group passes out1 == out0, and block 0's stores then land last
      "st1 {v16.4s, v17.4s, v18.4s, v19.4s}, [%[out1]], #64\n st1 {v20.4s, v21.4s, v22.4s, v23.4s}, [%[out1]], #64\n"
      "st1 {v8.4s, v9.4s, v10.4s, v11.4s}, [%[out0]], #64\n st1 {v12.4s, v13.4s, v14.4s, v15.4s}, [%[out0]], #64\n"
      "sub %[x], %[x], %[x_rewind]\n"
      "subs %[tiles], %[tiles], #1\n"
      "b.ne 5b\n"
      : [x] "+r"(x), [w] "+r"(w), [n] "+r"(n), [out0] "+r"(out0), [out1] "+r"(out1), [sums] "+r"(sums),
        [tiles] "+r"(tiles)
      : [w0] "r"(a.w), [sums0] "r"(a.bias_rows), [blocks] "r"(blocks), [bounds] "r"(bounds), [x_step] "r"(x_step),
        [x_rewind] "r"(x_rewind), [act] "r"(act)
      : "cc", "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13",
        "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28",
        "v29", "v30", "v31");
}
#undef EMBER_PW4C_LANE
#undef EMBER_PW4C_EACH
#undef EMBER_PW4C_BLOCK
#endif

// aarch64's 32 registers hold 8 x 2 sums with the 8 weight vectors; armv7's 16 hold 2 x 2. A run shorter than
// a tile takes single pixels; a longer one ends with a tile that overlaps the one before (its pixels computed
// twice, the same values) rather than single pixels.
#if defined(__aarch64__)
constexpr int kTilePx = 8;
#else
constexpr int kTilePx = 2;
#endif

template <int B>
void Pixels(const Pw4cArgs& a, int act) {
  const V lo = vdupq_n_f32(a.ep.lo), hi = vdupq_n_f32(a.ep.hi), slope = vdupq_n_f32(a.ep.slope);
  const int64_t n = a.p1 - a.p0;
  if (n < kTilePx) {
    for (int64_t p = a.p0; p < a.p1; ++p) Tile<1, B>(a, p, act, lo, hi, slope);
    return;
  }
#if defined(__aarch64__)
  Tiles8x2Asm(a, a.p0, n / kTilePx, act);  // both block counts; the driver sends no leaky relu here
  if (n % kTilePx) Tiles8x2Asm(a, a.p1 - kTilePx, 1, act);
#else
  int64_t p = a.p0;
  for (; p + kTilePx <= a.p1; p += kTilePx) Tile<kTilePx, B>(a, p, act, lo, hi, slope);
  if (p < a.p1) Tile<kTilePx, B>(a, a.p1 - kTilePx, act, lo, hi, slope);
#endif
}

}  // namespace

void Pw4cNeon(const Pw4cArgs& a) {
  const int act = a.ep.act == 1 && a.ep.hi == __builtin_inff() ? 3 : a.ep.act;
  if (a.blocks == 2) Pixels<2>(a, act);
  else Pixels<1>(a, act);
}

}  // namespace arm
}  // namespace ember
