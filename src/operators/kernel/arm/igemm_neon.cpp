// The int8 GEMM's NEON kernel without the dot-product extension (igemm_arm.h), exact: a step of 4 k loads a
// panel's 64 bytes deinterleaved by k (vld4q_s8: the 16 columns' byte k in one vector), widens them to int16,
// and each row's 4 bytes (uint8 <= 255: exact in int16) multiply them by lane into int32 accumulators
// (vmlal_lane_s16), 4 per row. Only intrinsics and local helpers (see sgemm_kernel.inc).
#include <arm_neon.h>

#include <cstring>

#include "operators/kernel/arm/igemm_arm.h"
#include "operators/kernel/arm/igemm_neon.h"

namespace ember {
namespace arm {

namespace {

// acc[0..3] (columns 0-3 .. 12-15) += byte K of the row's quad (lane K of av) x the columns' byte K.
template <int K>
inline void MacK(int32x4_t (&acc)[4], int16x8_t lo, int16x8_t hi, int16x4_t av) {
  acc[0] = vmlal_lane_s16(acc[0], vget_low_s16(lo), av, K);
  acc[1] = vmlal_lane_s16(acc[1], vget_high_s16(lo), av, K);
  acc[2] = vmlal_lane_s16(acc[2], vget_low_s16(hi), av, K);
  acc[3] = vmlal_lane_s16(acc[3], vget_high_s16(hi), av, K);
}

template <int K, int MR>
inline void StepK(int32x4_t (&acc)[MR][4], int8x16_t bk, const int16x4_t (&av)[MR]) {
  const int16x8_t lo = vmovl_s8(vget_low_s8(bk)), hi = vmovl_s8(vget_high_s8(bk));
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i) MacK<K>(acc[i], lo, hi, av[i]);
}

template <int MR>
void Tile(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, const IgemmTerms& t, int32_t* tile) {
  int32x4_t acc[MR][4];
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i)
    for (int v = 0; v < 4; ++v) acc[i][v] = vdupq_n_s32(0);
  for (int64_t q = 0; q < kq; ++q) {
    int16x4_t av[MR];
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) {
      uint32_t quad;
      std::memcpy(&quad, a + i * lda + q * 4, 4);
      av[i] = vreinterpret_s16_u16(vget_low_u16(vmovl_u8(vreinterpret_u8_u32(vdup_n_u32(quad)))));
    }
    const int8x16x4_t bk = vld4q_s8(b + q * 64);
    StepK<0, MR>(acc, bk.val[0], av);
    StepK<1, MR>(acc, bk.val[1], av);
    StepK<2, MR>(acc, bk.val[2], av);
    StepK<3, MR>(acc, bk.val[3], av);
  }
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i) IgemmStoreRow(acc[i], i, t, false, tile + i * simd::kIgemmTileLd);
}

}  // namespace

void IgemmKernelNeon(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                     const IgemmTerms& t, int32_t* tile, int mr, int np) {
#if defined(__aarch64__)
  static const IgemmTileFn kRows[kIgemmWideMR] = {Tile<1>, Tile<2>, Tile<3>, Tile<4>, Tile<5>, Tile<6>};
#else
  static const IgemmTileFn kRows[kIgemmWideMR] = {Tile<1>, Tile<2>};
#endif
  IgemmPanels(kRows, kq, a, lda, b, panel_stride, t, tile, mr, np);
}

}  // namespace arm
}  // namespace ember
