// The int8 GEMM NEON kernels' shared epilogue (igemm_neon.cpp, igemm_dot_neon.cpp; include only from NEON code).
#pragma once

#include <arm_neon.h>

#include "operators/kernel/simd/igemm.h"

namespace ember {
namespace arm {

// Row i of a tile (16 columns from `row`): the dot products plus the zero-point terms in wrapping uint32
// (simd::IgemmTerms); `a_minus_128`: the products were of A - 128, so 128 * col_sum is added back.
inline void IgemmStoreRow(const int32x4_t (&acc)[4], int i, const simd::IgemmTerms& t, bool a_minus_128,
                          int32_t* row) {
  const uint32x4_t za = vdupq_n_u32(t.za[i]), rs = vdupq_n_u32(t.row_sum[i]);
  for (int v = 0; v < 4; ++v) {
    uint32x4_t c = vreinterpretq_u32_s32(acc[v]);
    c = vmlsq_u32(c, vld1q_u32(t.zb + 4 * v), rs);
    c = vmlaq_u32(c, za, vld1q_u32(t.zterm + 4 * v));
    if (a_minus_128) c = vaddq_u32(c, vshlq_n_u32(vld1q_u32(t.col_sum + 4 * v), 7));
    vst1q_s32(row + 4 * v, vreinterpretq_s32_u32(c));
  }
}

using IgemmTileFn = void (*)(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, const simd::IgemmTerms& t,
                             int32_t* tile);

// The np panels of an mr-row tile, each by rows[mr - 1] (an IgemmKernelFn's body).
inline void IgemmPanels(const IgemmTileFn* rows, int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b,
                        int64_t panel_stride, const simd::IgemmTerms& t, int32_t* tile, int mr, int np) {
  for (int p = 0; p < np; ++p) {
    const int c = p * simd::kIgemmPanel;
    const simd::IgemmTerms tp{t.za, t.row_sum, t.zb + c, t.zterm + c, t.col_sum + c};
    rows[mr - 1](kq, a, lda, b + p * panel_stride, tp, tile + c);
  }
}

}  // namespace arm
}  // namespace ember
