// The int8 GEMM's packing, driver and generic kernel (igemm_x86.h).
#include "operators/kernel/x86/igemm_x86.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "framework/parallel.h"

namespace ember {
namespace x86 {

namespace {

constexpr int64_t kBlockCols = 256;  // a task's columns (a multiple of every level's tile width)

// Per column j of a block: zb[j] = b_zp[j] - shift and zterm[j] = K * zb[j] - colsum[j], so that
//   C[i][j] = dot - zb[j] * rowsum[i] + za[i] * zterm[j]
// in wrapping uint32 (the exact result modulo 2^32, as the int64 reference cast to int32).
struct ColumnTerms {
  std::vector<uint32_t> zb, zterm;
};

void MakeColumnTerms(const Int8GemmProblem& p, int64_t c0, int64_t cols, ColumnTerms* t) {
  const Int8PackedB& b = *p.b;
  t->zb.resize(static_cast<size_t>(cols));
  t->zterm.resize(static_cast<size_t>(cols));
  for (int64_t j = 0; j < cols; ++j) {
    const int64_t col = c0 + j;
    const uint32_t zb = static_cast<uint32_t>((p.b_zp ? p.b_zp[p.b_zp_per_col ? col : 0] : 0) - b.shift);
    t->zb[static_cast<size_t>(j)] = zb;
    t->zterm[static_cast<size_t>(j)] =
        static_cast<uint32_t>(b.k) * zb - static_cast<uint32_t>(b.col_sums[static_cast<size_t>(col)]);
  }
}

// C's rows [r0, r0 + mr) x `cols` columns from the raw tile; zb / zterm start at the tile's first column.
void StoreTile(const Int8GemmProblem& p, const int32_t* tile, int64_t r0, int mr, int64_t col0, int64_t cols,
               const int32_t* row_sums, const uint32_t* zb, const uint32_t* zterm) {
  for (int i = 0; i < mr; ++i) {
    const int64_t row = r0 + i;
    const uint32_t za = static_cast<uint32_t>((p.a_zp ? p.a_zp[p.a_zp_per_row ? row : 0] : 0) + p.a_shift);
    const uint32_t rs = static_cast<uint32_t>(row_sums[i]);
    const int32_t* t = tile + i * kIgemmTileLd;
    int32_t* c = p.c + row * p.c_row_stride + col0 * p.c_col_stride;
    if (p.c_col_stride == 1) {  // the common row-major C: a loop the compiler vectorizes
      for (int64_t j = 0; j < cols; ++j)
        c[j] = static_cast<int32_t>(static_cast<uint32_t>(t[j]) - zb[j] * rs + za * zterm[j]);
    } else {
      for (int64_t j = 0; j < cols; ++j)
        c[j * p.c_col_stride] = static_cast<int32_t>(static_cast<uint32_t>(t[j]) - zb[j] * rs + za * zterm[j]);
    }
  }
}

// Rows [r0, r0 + rows) by columns [c0, c0 + cols) of C: A's rows filled once, then tiles.
void Block(const Int8GemmProblem& p, const IgemmKernels& kern, int64_t r0, int64_t rows, int64_t c0,
           int64_t cols) {
  const Int8PackedB& b = *p.b;
  const int64_t k4 = b.k4, kq = k4 / 4, panel_stride = kq * 4 * kIgemmPanel;
  thread_local std::vector<uint8_t> a;
  thread_local std::vector<int32_t> sums;
  thread_local ColumnTerms terms;
  MakeColumnTerms(p, c0, cols, &terms);
  a.resize(static_cast<size_t>(rows * k4));
  sums.resize(static_cast<size_t>(rows));
  p.fill_a(p.a_ctx, r0, rows, a.data(), k4);
  for (int64_t i = 0; i < rows; ++i) {
    uint32_t s = 0;
    for (int64_t t = 0; t < k4; ++t) s += a[static_cast<size_t>(i * k4 + t)];
    sums[static_cast<size_t>(i)] = static_cast<int32_t>(s);
  }
  alignas(64) int32_t tile[kIgemmMaxMR * kIgemmTileLd];
  const int64_t nr = static_cast<int64_t>(kern.np) * kIgemmPanel;
  for (int64_t j = c0; j < c0 + cols; j += nr) {
    const int64_t w = std::min(nr, c0 + cols - j);
    const int np = static_cast<int>((w + kIgemmPanel - 1) / kIgemmPanel);
    for (int64_t i = 0; i < rows; i += kern.mr) {
      const int mr = static_cast<int>(std::min<int64_t>(kern.mr, rows - i));
      kern.fn(kq, a.data() + i * k4, k4, b.data.data() + j / kIgemmPanel * panel_stride, panel_stride, tile, mr, np);
      StoreTile(p, tile, r0 + i, mr, j, w, sums.data() + i, terms.zb.data() + (j - c0), terms.zterm.data() + (j - c0));
    }
  }
}

}  // namespace

void IgemmKernelGeneric(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                        int32_t* tile, int mr, int np) {
  for (int i = 0; i < mr; ++i)
    for (int p = 0; p < np; ++p)
      for (int c = 0; c < kIgemmPanel; ++c) {
        int32_t acc = 0;
        const int8_t* bp = b + p * panel_stride + c * 4;
        for (int64_t q = 0; q < kq; ++q)
          for (int t = 0; t < 4; ++t) acc += a[i * lda + q * 4 + t] * bp[q * 4 * kIgemmPanel + t];
        tile[i * kIgemmTileLd + p * kIgemmPanel + c] = acc;
      }
}

IgemmKernels IgemmKernelsFor(Isa isa) {
  if (!IsaSupported(isa)) isa = DetectedIsa();
  if (isa == Isa::kAvx512 && HasAvx512Vnni()) return {IgemmKernelAvx512Vnni, 6, 4, "igemm avx512vnni"};
  if (isa != Isa::kGeneric) return {IgemmKernelAvx2, 4, 1, "igemm avx2"};
  return {IgemmKernelGeneric, 4, 1, "igemm generic"};
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
    int32_t sum = 0;
    for (int64_t l = 0; l < k; ++l) {
      const int64_t at = l * stride_k + j * stride_n;
      const int v = b_signed ? static_cast<const int8_t*>(b)[at] : static_cast<const uint8_t*>(b)[at] - 128;
      dst[l / 4 * 4 * kIgemmPanel + l % 4] = static_cast<int8_t>(v);
      sum += v;
    }
    out->col_sums[static_cast<size_t>(j)] = sum;
  }
}

void Igemm(const Int8GemmProblem& p, Isa isa) {
  const IgemmKernels kern = IgemmKernelsFor(isa);
  const int64_t n = p.b->n;
  if (p.m <= 0 || n <= 0) return;
  const int64_t mc = static_cast<int64_t>(kern.mr) * 16;
  const int64_t mb = (p.m + mc - 1) / mc, nb = (n + kBlockCols - 1) / kBlockCols;
  ParallelFor(mb * nb, [&](int64_t t) {
    const int64_t r0 = t / nb * mc, c0 = t % nb * kBlockCols;
    Block(p, kern, r0, std::min(mc, p.m - r0), c0, std::min(kBlockCols, n - c0));
  });
}

}  // namespace x86
}  // namespace ember
