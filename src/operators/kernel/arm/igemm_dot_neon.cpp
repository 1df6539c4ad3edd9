// The int8 GEMM's aarch64 kernel with the dot-product extension (igemm_arm.h; compiled for armv8.2-a+dotprod,
// called only where the CPU reports asimddp). sdot multiplies signed bytes, so A's uint8 bytes are flipped to
// A - 128 (one eor per 16 bytes) and the epilogue adds 128 * colsum(B) back. The packed panel stores each
// column's 4 k bytes together, which is sdot's layout: per quad of k, 4 loads of B (4 columns each) and per row
// 4 sdot by lane of a vector holding 4 of the row's quads. Only intrinsics and local helpers.
#include "operators/kernel/arm/igemm_arm.h"

#if defined(__aarch64__)
#include <arm_neon.h>

#include <cstring>

#include "operators/kernel/arm/igemm_neon.h"

namespace ember {
namespace arm {

namespace {

// acc += the quad at b (16 columns x 4 k) times quad L of each row's av.
template <int L, int MR>
inline void DotQuad(int32x4_t (&acc)[MR][4], const int8_t* b, const int8x16_t (&av)[MR]) {
  int8x16_t bv[4];
#pragma GCC unroll 4
  for (int v = 0; v < 4; ++v) bv[v] = vld1q_s8(b + 16 * v);
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 4
    for (int v = 0; v < 4; ++v) acc[i][v] = vdotq_laneq_s32(acc[i][v], bv[v], av[i], L);
}

template <int MR>
void Tile(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, const IgemmTerms& t, int32_t* tile) {
  int32x4_t acc[MR][4];
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i)
    for (int v = 0; v < 4; ++v) acc[i][v] = vdupq_n_s32(0);
  const uint8x16_t flip = vdupq_n_u8(0x80);
  int64_t q = 0;
  for (; q + 4 <= kq; q += 4) {
    int8x16_t av[MR];
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) av[i] = vreinterpretq_s8_u8(veorq_u8(vld1q_u8(a + i * lda + q * 4), flip));
    DotQuad<0, MR>(acc, b + q * 64, av);
    DotQuad<1, MR>(acc, b + (q + 1) * 64, av);
    DotQuad<2, MR>(acc, b + (q + 2) * 64, av);
    DotQuad<3, MR>(acc, b + (q + 3) * 64, av);
  }
  for (; q < kq; ++q) {  // the last quads one at a time (a 16-byte load could pass the row's end)
    int8x16_t av[MR];
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) {
      uint32_t quad;
      std::memcpy(&quad, a + i * lda + q * 4, 4);
      av[i] = vreinterpretq_s8_u8(veorq_u8(vreinterpretq_u8_u32(vdupq_n_u32(quad)), flip));
    }
    DotQuad<0, MR>(acc, b + q * 64, av);
  }
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i) IgemmStoreRow(acc[i], i, t, true, tile + i * simd::kIgemmTileLd);
}

}  // namespace

void IgemmKernelDotNeon(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                        const IgemmTerms& t, int32_t* tile, int mr, int np) {
  static const IgemmTileFn kRows[kIgemmDotMR] = {Tile<1>, Tile<2>, Tile<3>, Tile<4>};
  IgemmPanels(kRows, kq, a, lda, b, panel_stride, t, tile, mr, np);
}

}  // namespace arm
}  // namespace ember
#endif
