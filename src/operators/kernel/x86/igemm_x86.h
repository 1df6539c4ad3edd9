// x86 int8 GEMM behind cpu_accel.h's IgemmAccel: C (int32) = (A - a_zp)(B - b_zp), exact.
//
// A is uint8 (an int8 A is shifted by +128), B int8 (a uint8 B by -128), so every level multiplies u8 x s8 and
// the driver corrects with A's row sums, B's column sums and the zero points in wrapping int32:
//   sum (a - za)(b - zb) = sum ab - zb * rowsum(a) - za * colsum(b) + K * za * zb.
// Levels: AVX-512 VNNI (vpdpbusd, 6 x 64 tiles), AVX2 (vpmaddwd on bytes sign-extended to int16: exact, where
// vpmaddubsw would saturate 255 * 127 * 2 in int16; 4 x 16 tiles), generic loops. An AVX-512 machine without
// VNNI runs the AVX2 kernel.
#pragma once

#include <cstdint>

#include "operators/kernel/cpu_accel.h"
#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

constexpr int kIgemmPanel = 16;   // columns of a packed B panel
constexpr int kIgemmTileLd = 64;  // row stride of a micro-kernel's tile (at most 4 panels)
constexpr int kIgemmMaxMR = 6;

// The zero-point corrections of a tile, from its first row and column (column arrays padded to whole panels):
//   C[i][j] = dot[i][j] - zb[j] * row_sum[i] + za[i] * zterm[j]  (wrapping uint32)
// with za the A zero point plus A's shift, zb the B zero point minus B's shift, zterm = K * zb - colsum(B).
struct IgemmTerms {
  const uint32_t* za;
  const uint32_t* row_sum;
  const uint32_t* zb;
  const uint32_t* zterm;
};

// C's values for `mr` rows of A (lda bytes apart, 4 * kq bytes each) times `np` packed B panels (panel_stride
// bytes apart), corrected by `t`: tile[i * kIgemmTileLd + j] for j < 16 * np.
using IgemmKernelFn = void (*)(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                               const IgemmTerms& t, int32_t* tile, int mr, int np);
struct IgemmKernels {
  IgemmKernelFn fn;
  int mr, np;  // the largest tile
  const char* name;
};

// The kernels `isa` runs (clamped to the detected level; avx512 without VNNI runs avx2's).
IgemmKernels IgemmKernelsFor(Isa isa);

void PackInt8B(const void* b, bool b_signed, int64_t k, int64_t n, int64_t stride_k, int64_t stride_n,
               Int8PackedB* out);
// Threaded over blocks of C with MaxThreads().
void Igemm(const Int8GemmProblem& p, Isa isa);

void IgemmKernelGeneric(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                        const IgemmTerms& t, int32_t* tile, int mr, int np);
void IgemmKernelAvx2(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                     const IgemmTerms& t, int32_t* tile, int mr, int np);
void IgemmKernelAvx512Vnni(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                           const IgemmTerms& t, int32_t* tile, int mr, int np);

}  // namespace x86
}  // namespace ember
