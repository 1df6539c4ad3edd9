// x86 micro-kernels of the int8 GEMM (simd/igemm.h, behind cpu_accel.h's IgemmAccel).
// Levels: AVX-512 VNNI (vpdpbusd, 6 x 64 tiles), AVX2 (vpmaddwd on bytes sign-extended to int16: exact, where
// vpmaddubsw would saturate 255 * 127 * 2 in int16; 4 x 16 tiles), generic loops. An AVX-512 machine without
// VNNI runs the AVX2 kernel.
#pragma once

#include <cstdint>
#include <vector>

#include "operators/kernel/simd/igemm.h"
#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

using simd::IgemmKernels;
using simd::IgemmTerms;
using simd::kIgemmPanel;
using simd::kIgemmTileLd;
using simd::PackInt8B;

// The kernels `isa` runs (clamped to the detected level; avx512 without VNNI runs avx2's).
IgemmKernels IgemmKernelsFor(Isa isa);
// Every set this machine runs, generic first (for the tests).
std::vector<IgemmKernels> IgemmKernelSets();
inline void Igemm(const Int8GemmProblem& p, Isa isa) { simd::Igemm(p, IgemmKernelsFor(isa)); }

// IgemmAccel::quantize_u8 at `isa` (the portable loop at generic), and its per-level bodies.
void QuantizeU8(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y, Isa isa);
void QuantizeU8Avx2(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y);
void QuantizeU8Avx512(const float* x, int64_t n, float mul, float lo, float hi, bool ties_away, uint8_t* y);

void IgemmKernelAvx2(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                     const IgemmTerms& t, int32_t* tile, int mr, int np);
void IgemmKernelAvx512Vnni(int64_t kq, const uint8_t* a, int64_t lda, const int8_t* b, int64_t panel_stride,
                           const IgemmTerms& t, int32_t* tile, int mr, int np);

}  // namespace x86
}  // namespace ember
