// x86 SGEMM: the shared driver (simd/sgemm.h) with the micro-kernels of an x86 level: 6 x 64 tiles on
// AVX-512 (4 vectors, 24 accumulators), 6 x 16 on AVX2 (2 vectors of 16 registers), 6 x 8 generic.
// The wrappers here take an Isa (clamped to the detected level) so the x86 drivers and tests name levels.
#pragma once

#include <cstdint>

#include "operators/kernel/simd/sgemm.h"
#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

using simd::GatherEvenFn;
using simd::GemmBSource;
using simd::GemmEpilogue;
using simd::GemmMicroKernel;
using simd::kFewRowsSplitKMaxOut;
using simd::kGemmInPlaceMaxRowPanels;
using simd::kGemmKC;
using simd::kGemmMR;
using simd::MatrixBSource;
using simd::PackA;
using simd::PackedASize;

// The kernel set of `isa` as named (not clamped).
const simd::GemmKernels& GemmKernelsOf(Isa isa);
// Columns of a micro-tile (64, 16, 8) and floats per vector (16, 8, 4) of `isa`.
inline int GemmNR(Isa isa) { return GemmKernelsOf(isa).nr; }
inline int GemmVW(Isa isa) { return GemmKernelsOf(isa).vw; }
// The stride-2 gather of `isa`, clamped to the detected level.
inline GatherEvenFn GatherEvenFor(Isa isa) {
  return GemmKernelsOf(IsaSupported(isa) ? isa : DetectedIsa()).gather_even;
}

// C = epilogue(packed_a * B) with the micro-kernel of `isa` (clamped to the detected level).
inline void GemmPacked(int64_t M, int64_t N, int64_t K, const float* packed_a, const GemmBSource& b, float* C,
                       int64_t ldc, const GemmEpilogue& ep, Isa isa) {
  simd::GemmPacked(M, N, K, packed_a, b, C, ldc, ep, GemmKernelsOf(IsaSupported(isa) ? isa : DetectedIsa()));
}
inline void GemmPacked(int64_t M, int64_t N, int64_t K, const float* packed_a, const GemmBSource& b, float* C,
                       int64_t ldc, const GemmEpilogue& ep) {
  GemmPacked(M, N, K, packed_a, b, C, ldc, ep, ActiveIsa());
}

// The BLAS-style entry point behind ember::Sgemm.
inline void Sgemm(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
                  int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc, Isa isa) {
  simd::Sgemm(trans_a, trans_b, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc,
              GemmKernelsOf(IsaSupported(isa) ? isa : DetectedIsa()));
}

// ---- micro-kernels (one per ISA translation unit; the generic one is simd::GemmKernelGeneric) ----
void GemmKernelAvx2(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc, int mr,
                    int nr, const GemmEpilogue& ep);
void GemmKernelAvx512(int64_t kc, const float* a, const float* b, int64_t ldb, float* c, int64_t ldc, int mr,
                      int nr, const GemmEpilogue& ep);
void GatherEvenAvx2(const float* src, float* dst, int64_t n);
void GemmAxpy4Avx2(const float* a4, const float* b, int64_t ldb, float* s, int64_t n);
void GemmAxpy4Avx512(const float* a4, const float* b, int64_t ldb, float* s, int64_t n);
void GatherEvenAvx512(const float* src, float* dst, int64_t n);

}  // namespace x86
}  // namespace ember
