// The int8 GEMM's AVX-512 VNNI micro-kernel (igemm_x86.h): vpdpbusd adds 4 u8 x s8 products into each int32
// lane without saturation; 6 rows x 4 panels (64 columns) keep 24 accumulators in registers.
// The loops over rows and panels are unrolled (#pragma GCC unroll) so the accumulators stay in registers.
// Compiled with -mavx512bw -mavx512vnni on top of the avx512 flags (cmake/x86_kernels.cmake); only called where
// HasAvx512Vnni().
#include <immintrin.h>

#include <cstring>

#include "operators/kernel/x86/igemm_x86.h"

namespace ember {
namespace x86 {

namespace {

using TileFn = void (*)(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t ps,
                        const IgemmTerms& t, int32_t* tile);

// The zero-point corrections on the stored tile (a pass in L1; done inside Tile's k loop function, they made
// GCC keep the accumulators in memory).
void Correct(const IgemmTerms& t, int32_t* tile, int mr, int np) {
  for (int i = 0; i < mr; ++i) {
    const __m512i za = _mm512_set1_epi32(static_cast<int>(t.za[i]));
    const __m512i rs = _mm512_set1_epi32(static_cast<int>(t.row_sum[i]));
    for (int p = 0; p < np; ++p) {
      int32_t* c = tile + i * kIgemmTileLd + p * 16;
      const __m512i zb = _mm512_loadu_si512(t.zb + p * 16), zterm = _mm512_loadu_si512(t.zterm + p * 16);
      _mm512_storeu_si512(c, _mm512_add_epi32(_mm512_sub_epi32(_mm512_loadu_si512(c), _mm512_mullo_epi32(zb, rs)),
                                              _mm512_mullo_epi32(za, zterm)));
    }
  }
}

template <int MR, int NP>
void Tile(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t ps, const IgemmTerms& t,
          int32_t* tile) {
  __m512i acc[MR][NP];
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int p = 0; p < NP; ++p) acc[i][p] = _mm512_setzero_si512();
  for (int64_t q = 0; q < kq; ++q) {
    __m512i bv[NP];
#pragma GCC unroll 8
    for (int p = 0; p < NP; ++p) bv[p] = _mm512_loadu_si512(b + p * ps + q * 64);
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) {
      int32_t quad;
      std::memcpy(&quad, a + i * lda + q * 4, 4);
      const __m512i av = _mm512_set1_epi32(quad);
#pragma GCC unroll 8
      for (int p = 0; p < NP; ++p) acc[i][p] = _mm512_dpbusd_epi32(acc[i][p], av, bv[p]);
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int p = 0; p < NP; ++p) _mm512_storeu_si512(tile + i * kIgemmTileLd + p * 16, acc[i][p]);
  Correct(t, tile, MR, NP);
}

template <int MR>
struct Row {
  static constexpr TileFn fns[4] = {Tile<MR, 1>, Tile<MR, 2>, Tile<MR, 3>, Tile<MR, 4>};
};

}  // namespace

void IgemmKernelAvx512Vnni(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                           const IgemmTerms& t, int32_t* tile, int mr, int np) {
  static const TileFn* const kRows[6] = {Row<1>::fns, Row<2>::fns, Row<3>::fns,
                                         Row<4>::fns, Row<5>::fns, Row<6>::fns};
  kRows[mr - 1][np - 1](kq, a, lda, b, panel_stride, t, tile);
}

}  // namespace x86
}  // namespace ember
