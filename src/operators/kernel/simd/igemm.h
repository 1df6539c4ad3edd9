// The int8 GEMM shared by the instruction-set folders (x86/, arm/) behind cpu_accel.h's IgemmAccel:
// C (int32) = (A - a_zp)(B - b_zp), exact. B's packing, the blocking and threading, the zero-point terms and the
// generic kernel are here; each folder supplies its micro-kernels as an IgemmKernels set per level
// (x86/igemm_x86.h, arm/igemm_arm.h).
//
// A is uint8 (an int8 A is shifted by +128), B int8 (a uint8 B by -128), so every kernel multiplies u8 x s8 and
// the driver corrects with A's row sums, B's column sums and the zero points in wrapping int32:
//   sum (a - za)(b - zb) = sum ab - zb * rowsum(a) - za * colsum(b) + K * za * zb.
#pragma once

#include <cstdint>

#include "operators/kernel/cpu_accel.h"

namespace ember {
namespace simd {

constexpr int kIgemmPanel = 16;   // columns of a packed B panel
constexpr int kIgemmTileLd = 64;  // row stride of a micro-kernel's tile (at most 4 panels)
constexpr int kIgemmMaxMR = 6;

// The zero-point corrections of a tile, from its first row and column (column arrays padded to whole panels):
//   C[i][j] = dot[i][j] - zb[j] * row_sum[i] + za[i] * zterm[j]  (wrapping uint32)
// with za the A zero point plus A's shift, zb the B zero point minus B's shift, zterm = K * zb - colsum(B).
// col_sum is colsum(B) as stored, for a kernel that multiplies A - 128 (a signed dot product, as ARM's sdot):
// its dot then lacks 128 * col_sum.
struct IgemmTerms {
  const uint32_t* za;
  const uint32_t* row_sum;
  const uint32_t* zb;
  const uint32_t* zterm;
  const uint32_t* col_sum;
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

void IgemmKernelGeneric(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                        const IgemmTerms& t, int32_t* tile, int mr, int np);
constexpr IgemmKernels kIgemmGeneric = {IgemmKernelGeneric, 4, 1, "igemm generic"};

void PackInt8B(const void* b, bool b_signed, int64_t k, int64_t n, int64_t stride_k, int64_t stride_n,
               Int8PackedB* out);
// Threaded over blocks of C with MaxThreads().
void Igemm(const Int8GemmProblem& p, const IgemmKernels& kern);

}  // namespace simd
}  // namespace ember
