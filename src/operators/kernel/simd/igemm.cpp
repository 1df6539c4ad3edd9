// The int8 GEMM's packing, driver and generic kernel (simd/igemm.h).
#include "operators/kernel/simd/igemm.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "framework/parallel.h"

namespace ember {
namespace simd {

namespace {

constexpr int64_t kBlockCols = 256;  // a task's columns (a multiple of every level's tile width)

// A block's correction terms (IgemmTerms): per row za, row_sum; per column zb, zterm (zeros past the block to
// whole tiles).
struct BlockTerms {
  std::vector<uint32_t> za, row_sum, zb, zterm, col_sum;
};

void MakeColumnTerms(const Int8GemmProblem& p, int64_t c0, int64_t cols, int64_t padded, BlockTerms* t) {
  const Int8PackedB& b = *p.b;
  t->zb.assign(static_cast<size_t>(padded), 0);
  t->zterm.assign(static_cast<size_t>(padded), 0);
  t->col_sum.assign(static_cast<size_t>(padded), 0);
  for (int64_t j = 0; j < cols; ++j) {
    const int64_t col = c0 + j;
    const uint32_t zb = static_cast<uint32_t>((p.b_zp ? p.b_zp[p.b_zp_per_col ? col : 0] : 0) - b.shift);
    t->zb[static_cast<size_t>(j)] = zb;
    const uint32_t col_sum = static_cast<uint32_t>(b.col_sums[static_cast<size_t>(col)]);
    t->zterm[static_cast<size_t>(j)] = static_cast<uint32_t>(b.k) * zb - col_sum;
    t->col_sum[static_cast<size_t>(j)] = col_sum;
  }
}

// Row terms of A's filled rows (`a`: rows x k4 bytes). The row sums only matter where some zb is not 0 (a uint8
// B or a B zero point): a signed B without one (quantized_conv2d's filters) skips them, as many byte adds as the
// GEMM has instructions on 64 columns.
void MakeRowTerms(const Int8GemmProblem& p, const uint8_t* a, int64_t r0, int64_t rows, int64_t k4, bool sums,
                  BlockTerms* t) {
  t->za.resize(static_cast<size_t>(rows));
  t->row_sum.assign(static_cast<size_t>(rows), 0);
  for (int64_t i = 0; i < rows; ++i) {
    uint32_t s = 0;
    for (int64_t l = 0; sums && l < k4; ++l) s += a[i * k4 + l];
    t->row_sum[static_cast<size_t>(i)] = s;
    t->za[static_cast<size_t>(i)] = static_cast<uint32_t>((p.a_zp ? p.a_zp[p.a_zp_per_row ? r0 + i : 0] : 0) +
                                                          p.a_shift);
  }
}

// Copies a finished tile (mr rows x cols) to dst, rows ldr apart, columns ldc apart.
void CopyTile(const int32_t* tile, int mr, int64_t cols, int32_t* dst, int64_t ldr, int64_t ldc) {
  if (ldc == 1) {
    for (int i = 0; i < mr; ++i)
      std::memcpy(dst + i * ldr, tile + i * kIgemmTileLd, static_cast<size_t>(cols) * sizeof(int32_t));
    return;
  }
  for (int64_t j = 0; j < cols; ++j)
    for (int i = 0; i < mr; ++i) dst[j * ldc + i * ldr] = tile[i * kIgemmTileLd + j];
}

// A full-height tile (MR rows, a compile-time count: the inner loop unrolled) into column-major dst, columns ldc
// apart: the loop with MR a variable ran one load and store per 4 instructions, 6% of resnet18's int8 run.
template <int MR>
void TileToColumns(const int32_t* tile, int64_t cols, int32_t* dst, int64_t ldc) {
  for (int64_t j = 0; j < cols; ++j)
    for (int i = 0; i < MR; ++i) dst[j * ldc + i] = tile[i * kIgemmTileLd + j];
}

void CopyTileToColumns(const int32_t* tile, int mr, int64_t cols, int32_t* dst, int64_t ldc) {
  switch (mr) {
    case 6: return TileToColumns<6>(tile, cols, dst, ldc);
    case 4: return TileToColumns<4>(tile, cols, dst, ldc);
    default: return CopyTile(tile, mr, cols, dst, 1, ldc);
  }
}

// Rows [r0, r0 + rows) by columns [c0, c0 + cols) of C: A's rows filled once, then tiles.
void Block(const Int8GemmProblem& p, const IgemmKernels& kern, int64_t r0, int64_t rows, int64_t c0,
           int64_t cols) {
  const Int8PackedB& b = *p.b;
  const int64_t k4 = b.k4, kq = k4 / 4, panel_stride = kq * 4 * kIgemmPanel;
  const int64_t nr = static_cast<int64_t>(kern.np) * kIgemmPanel;
  thread_local std::vector<uint8_t> a;
  thread_local BlockTerms terms;
  a.resize(static_cast<size_t>(rows * k4));
  p.fill_a(p.a_ctx, r0, rows, a.data(), k4);
  MakeColumnTerms(p, c0, cols, (cols + nr - 1) / nr * nr, &terms);
  const bool sums = std::any_of(terms.zb.begin(), terms.zb.end(), [](uint32_t zb) { return zb != 0; });
  MakeRowTerms(p, a.data(), r0, rows, k4, sums, &terms);
  alignas(64) int32_t tile[kIgemmMaxMR * kIgemmTileLd];
  // A column-major C (a conv's NCHW output, rows 1 apart) gets a tile column of all the block's rows at a time,
  // gathered here: scattered 6-row pieces of 64 planes thrash L1's sets. So does store_block, whatever the strides.
  const bool by_column = p.store_block || (p.c_col_stride != 1 && p.c_row_stride == 1);
  thread_local std::vector<int32_t> column_block;
  if (by_column) column_block.resize(static_cast<size_t>(rows * nr));
  for (int64_t j = 0; j < cols; j += nr) {
    const int64_t w = std::min(nr, cols - j);
    const int np = static_cast<int>((w + kIgemmPanel - 1) / kIgemmPanel);
    const int8_t* bp = b.data.data() + (c0 + j) / kIgemmPanel * panel_stride;
    for (int64_t i = 0; i < rows; i += kern.mr) {
      const int mr = static_cast<int>(std::min<int64_t>(kern.mr, rows - i));
      const IgemmTerms t{terms.za.data() + i, terms.row_sum.data() + i, terms.zb.data() + j, terms.zterm.data() + j,
                         terms.col_sum.data() + j};
      kern.fn(kq, a.data() + i * k4, k4, bp, panel_stride, t, tile, mr, np);
      if (by_column) CopyTileToColumns(tile, mr, w, column_block.data() + i, rows);
      else CopyTile(tile, mr, w, p.c + (r0 + i) * p.c_row_stride + (c0 + j) * p.c_col_stride, p.c_row_stride,
                    p.c_col_stride);
    }
    if (by_column && p.store_block) {
      p.store_block(p.store_ctx, r0, rows, c0 + j, w, column_block.data());
      continue;
    }
    for (int64_t jj = 0; by_column && jj < w; ++jj)
      std::memcpy(p.c + r0 + (c0 + j + jj) * p.c_col_stride, column_block.data() + jj * rows,
                  static_cast<size_t>(rows) * sizeof(int32_t));
  }
}

}  // namespace

void IgemmKernelGeneric(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                        const IgemmTerms& t, int32_t* tile, int mr, int np) {
  for (int i = 0; i < mr; ++i)
    for (int j = 0; j < np * kIgemmPanel; ++j) {
      const uint8_t* ar = a + i * lda;
      const int8_t* bc = b + j / kIgemmPanel * panel_stride + j % kIgemmPanel * 4;
      int32_t acc = 0;  // |a * b| <= 32640, 4 per step: overflows only past K = 2^16 (see the wrapping sum below)
      uint32_t sum = 0;
      for (int64_t q = 0; q < kq; ++q) {
        acc += ar[q * 4] * bc[q * 64] + ar[q * 4 + 1] * bc[q * 64 + 1] + ar[q * 4 + 2] * bc[q * 64 + 2] +
               ar[q * 4 + 3] * bc[q * 64 + 3];
        if ((q & 0x3fff) == 0x3fff) sum += static_cast<uint32_t>(acc), acc = 0;  // 16384 steps: |acc| < 2^31
      }
      sum += static_cast<uint32_t>(acc);  // wraps as vpdpbusd's lanes do
      tile[i * kIgemmTileLd + j] = static_cast<int32_t>(sum - t.zb[j] * t.row_sum[i] + t.za[i] * t.zterm[j]);
    }
}

void PackInt8B(const void* b, bool b_signed, int64_t k, int64_t n, int64_t stride_k, int64_t stride_n,
               Int8PackedB* out) {
  out->k = k;
  out->n = n;
  out->k4 = (k + 3) / 4 * 4;
  out->shift = b_signed ? 0 : 128;
  const int64_t panels = (n + kIgemmPanel - 1) / kIgemmPanel, panel_size = out->k4 * kIgemmPanel;
  out->data.assign(static_cast<size_t>(panels * panel_size), 0);
  out->col_sums.assign(static_cast<size_t>(n), 0);
  for (int64_t j = 0; j < n; ++j) {
    int8_t* dst = out->data.data() + j / kIgemmPanel * panel_size + j % kIgemmPanel * 4;
    uint32_t sum = 0;
    for (int64_t l = 0; l < k; ++l) {
      const int64_t at = l * stride_k + j * stride_n;
      const int v = b_signed ? static_cast<const int8_t*>(b)[at] : static_cast<const uint8_t*>(b)[at] - 128;
      dst[l / 4 * 4 * kIgemmPanel + l % 4] = static_cast<int8_t>(v);
      sum += static_cast<uint32_t>(v);
    }
    out->col_sums[static_cast<size_t>(j)] = static_cast<int32_t>(sum);
  }
}

void Igemm(const Int8GemmProblem& p, const IgemmKernels& kern) {
  const int64_t n = p.b->n;
  if (p.m <= 0 || n <= 0) return;
  const int64_t mc = static_cast<int64_t>(kern.mr) * 16;
  const int64_t mb = (p.m + mc - 1) / mc, nb = (n + kBlockCols - 1) / kBlockCols;
  ParallelFor(mb * nb, [&](int64_t t) {
    const int64_t r0 = t / nb * mc, c0 = t % nb * kBlockCols;
    Block(p, kern, r0, std::min(mc, p.m - r0), c0, std::min(kBlockCols, n - c0));
  });
}

}  // namespace simd
}  // namespace ember
