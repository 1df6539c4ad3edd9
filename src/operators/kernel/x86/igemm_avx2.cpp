// The int8 GEMM's AVX2 micro-kernel (igemm_x86.h), exact: vpmaddubsw would add two u8 x s8 products in
// saturating int16 (255 * 127 * 2 > 32767), so the bytes are widened to int16 first (B's even / odd bytes of
// each 16-bit lane sign-extended by shifts, A's zero-extended by a mask and a shift) and vpmaddwd adds pairs
// into int32. 4 rows x 16 columns: 8 accumulators, 4 widened B vectors, 2 widened A broadcasts.
#include <immintrin.h>

#include <cstring>

#include "operators/kernel/x86/igemm_x86.h"

namespace ember {
namespace x86 {

namespace {

using TileFn = void (*)(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, const IgemmTerms& t,
                        int32_t* tile);

// The zero-point corrections on the stored tile (a pass in L1, kept out of Tile's k loop function).
void Correct(const IgemmTerms& t, int32_t* tile, int mr) {
  for (int i = 0; i < mr; ++i) {
    const __m256i za = _mm256_set1_epi32(static_cast<int>(t.za[i]));
    const __m256i rs = _mm256_set1_epi32(static_cast<int>(t.row_sum[i]));
    for (int h = 0; h < 2; ++h) {
      __m256i* c = reinterpret_cast<__m256i*>(tile + i * kIgemmTileLd + h * 8);
      const __m256i zb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.zb + h * 8));
      const __m256i zterm = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(t.zterm + h * 8));
      _mm256_storeu_si256(c, _mm256_add_epi32(_mm256_sub_epi32(_mm256_loadu_si256(c), _mm256_mullo_epi32(zb, rs)),
                                              _mm256_mullo_epi32(za, zterm)));
    }
  }
}

template <int MR>
void Tile(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, const IgemmTerms& t, int32_t* tile) {
  __m256i acc[MR][2];
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i) acc[i][0] = acc[i][1] = _mm256_setzero_si256();
  const __m256i low_bytes = _mm256_set1_epi16(0x00ff);
  for (int64_t q = 0; q < kq; ++q) {
    __m256i be[2], bo[2];
#pragma GCC unroll 8
    for (int h = 0; h < 2; ++h) {
      const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + q * 64 + h * 32));
      be[h] = _mm256_srai_epi16(_mm256_slli_epi16(v, 8), 8);  // k0, k2 of each column
      bo[h] = _mm256_srai_epi16(v, 8);                         // k1, k3
    }
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) {
      int32_t quad;
      std::memcpy(&quad, a + i * lda + q * 4, 4);
      const __m256i av = _mm256_set1_epi32(quad);
      const __m256i ae = _mm256_and_si256(av, low_bytes), ao = _mm256_srli_epi16(av, 8);
#pragma GCC unroll 8
      for (int h = 0; h < 2; ++h)
        acc[i][h] = _mm256_add_epi32(acc[i][h], _mm256_add_epi32(_mm256_madd_epi16(ae, be[h]),
                                                                 _mm256_madd_epi16(ao, bo[h])));
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < MR; ++i)
#pragma GCC unroll 8
    for (int h = 0; h < 2; ++h)
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(tile + i * kIgemmTileLd + h * 8), acc[i][h]);
  Correct(t, tile, MR);
}

}  // namespace

void IgemmKernelAvx2(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                     const IgemmTerms& t, int32_t* tile, int mr, int np) {
  static const TileFn kRows[4] = {Tile<1>, Tile<2>, Tile<3>, Tile<4>};
  for (int p = 0; p < np; ++p) {
    const int c = p * kIgemmPanel;
    const IgemmTerms tp{t.za, t.row_sum, t.zb + c, t.zterm + c, t.col_sum + c};
    kRows[mr - 1](kq, a, lda, b + p * panel_stride, tp, tile + c);
  }
}

}  // namespace x86
}  // namespace ember
