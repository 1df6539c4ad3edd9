// SGEMM shared by the instruction-set folders (x86/, arm/): packed panels, cache blocking and threading
// around register-blocked micro-kernels, which each folder supplies per level as a GemmKernels set.
//
//   C[M x N] = act(alpha * A[M x K] * B[K x N] + beta * C + bias[row])     (row-major, leading dims given)
//
// A is packed once into MR-row panels in KC-deep blocks (the layout is the same for every ISA, so conv
// packs its weights once in Init). B is packed per (KC x NC) block by a GemmBSource: a plain matrix
// (MatrixBSource) or an on-the-fly im2col tile (conv), so no full-size im2col buffer is ever built.
// The micro-kernels (MR x NR, written once in sgemm_kernel.inc; a narrower last column panel runs with only the
// vectors it needs, partial tiles are written with masked loads/stores) are instantiated per ISA by the folders
// (x86/sgemm_avx2.cpp, arm/sgemm_neon.cpp, ...; sgemm_generic.cpp here), each compiled with its own flags; the
// folder passes the set of its active level (x86/sgemm_x86.h, arm/sgemm_arm.h). Threads: OpenMP, as
// many as MaxThreads() (the predictor's count), over column panels or row panels (whichever balances
// better; rows when N is small); a call made inside a parallel region runs serially.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ember {
namespace simd {

constexpr int kGemmMR = 6;          // rows of a micro-tile and of a packed A panel
// Depth of one packed block. 512 (with 192-column B blocks) against 256 (with 384): C is read back half as
// often; 4-13% faster on 2 threads on the 1x1-conv shapes of mobilenet_yolo, a few % on 1 (ember_gemm_bench).
constexpr int64_t kGemmKC = 512;
// Up to this many MR-row panels, a row-major B is read in place instead of packed (see GemmPacked).
#ifndef EMBER_GEMM_IN_PLACE_ROW_PANELS
#define EMBER_GEMM_IN_PLACE_ROW_PANELS 48
#endif
constexpr int64_t kGemmInPlaceMaxRowPanels = EMBER_GEMM_IN_PLACE_ROW_PANELS;
// With fewer rows than kGemmMR (fc on one sample) and C up to this many floats, threads split B's rows and
// add up partial sums; larger C splits the columns.
constexpr int64_t kFewRowsSplitKMaxOut = 1 << 16;

// What the micro-kernel does when it writes a tile. act: 0 none, 1 clamp to [lo, hi], 2 leaky (slope).
struct GemmEpilogue {
  float alpha = 1.f;
  float beta = 0.f;               // 0: C is overwritten (its old contents never read)
  const float* bias = nullptr;    // optional, one value per row of C
  int act = 0;
  float lo = 0.f, hi = 0.f, slope = 0.f;
};

// Floats PackA writes for an M x K matrix.
size_t PackedASize(int64_t M, int64_t K);
// Packs op(A) (A is M x K row-major, or K x M when trans) into dst[PackedASize(M, K)]: for each KC block
// starting at k0 (depth kc), panel p holds MR rows x kc, k-major, at dst + Mp * k0 + p * MR * kc
// (Mp = M rounded up to MR; rows past M are zero).
void PackA(bool trans, int64_t M, int64_t K, const float* A, int64_t lda, float* dst);

// Fills B blocks for the driver: rows [k0, k0 + kc) and columns [n0, n0 + nc) of the K x N matrix, as
// ceil(nc / nr) panels of kc x nr floats, k-major (dst[(j / nr) * kc * nr + k * nr + j % nr]); columns of
// the last panel past nc are zero.
class GemmBSource {
 public:
  virtual ~GemmBSource() = default;
  virtual void Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, int nr, float* dst) const = 0;
  // B's element (k0, n0) when B is a row-major matrix the kernel can read in place (rows *ldb apart), else
  // null.
  virtual const float* InPlace(int64_t k0, int64_t n0, int64_t* ldb) const {
    (void)k0, (void)n0, (void)ldb;
    return nullptr;
  }
};

// A row-major K x N matrix (or N x K when trans).
class MatrixBSource : public GemmBSource {
 public:
  MatrixBSource(bool trans, const float* B, int64_t ldb) : trans_(trans), b_(B), ldb_(ldb) {}
  void Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, int nr, float* dst) const override;
  const float* InPlace(int64_t k0, int64_t n0, int64_t* ldb) const override {
    if (trans_) return nullptr;
    *ldb = ldb_;
    return b_ + k0 * ldb_ + n0;
  }

 private:
  bool trans_;
  const float* b_;
  int64_t ldb_;
};

// ---- micro-kernels (one per ISA translation unit) ----
// Computes the MR x NR tile a[MR x kc] * b[kc x NR] (rows ldb apart: NR when packed) and writes its first mr
// rows and nr columns to c through the epilogue (bias already offset to the tile's first row).
using GemmMicroKernel = void (*)(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc,
                                 int mr, int nr, const GemmEpilogue& ep);
// dst[t] = src[2 * t] for t < n (the stride-2 columns of an im2col row), reading only src[0 .. 2n - 2].
using GatherEvenFn = void (*)(const float* src, float* dst, int64_t n);

// What the driver needs of one instruction-set level, supplied by its folder.
// The one-sample product's inner loop: s[j] += a4[0] b[j] + a4[1] b[ldb + j] + a4[2] b[2 ldb + j] +
// a4[3] b[3 ldb + j] for j < n (four rows of B per pass over s).
using GemmAxpy4Fn = void (*)(const float* a4, const float* b, int64_t ldb, float* s, int64_t n);

// The full-width tiles of one row panel (optional): n columns (a multiple of nr), panel j of B at
// b + j * panel_step with rows ldb apart, the tiles' C at c + j * nr; the per-tile call and its epilogue checks
// once per row instead of once per tile (~100 instructions a tile on aarch64).
using GemmRowFn = void (*)(int64_t kc, const float* a, const float* b, int64_t panel_step, int64_t ldb, float* c,
                           int64_t ldc, int mr, int64_t n, const GemmEpilogue& ep);

struct GemmKernels {
  GemmMicroKernel kernel;
  int nr;  // columns of a micro-tile (NV vectors), at most 64
  int vw;  // floats per vector
  GatherEvenFn gather_even;
  GemmAxpy4Fn axpy4;        // fc / matmul on fewer rows than a micro-tile
  GemmRowFn row = nullptr;  // null: a kernel call per tile
};

// The portable level (sgemm_generic.cpp: GCC vector extensions, 6 x 8 tiles), every folder's level 0.
void GemmKernelGeneric(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc, int mr,
                       int nr, const GemmEpilogue& ep);
void GatherEvenGeneric(const float* src, float* dst, int64_t n);
void GemmAxpy4Generic(const float* a4, const float* b, int64_t ldb, float* s, int64_t n);
const GemmKernels& GenericGemmKernels();

// C = epilogue(packed_a * B) with the micro-kernel set `ks`.
void GemmPacked(int64_t M, int64_t N, int64_t K, const float* packed_a, const GemmBSource& b, float* C,
                int64_t ldc, const GemmEpilogue& ep, const GemmKernels& ks);

// The BLAS-style entry point behind ember::Sgemm.
void Sgemm(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A, int64_t lda,
           const float* B, int64_t ldb, float beta, float* C, int64_t ldc, const GemmKernels& ks);

}  // namespace simd
}  // namespace ember
