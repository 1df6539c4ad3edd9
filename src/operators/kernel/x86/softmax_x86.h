// softmax / log_softmax on x86 (AVX-512F / AVX2+FMA, softmax_avx2.cpp / softmax_avx512.cpp, one source
// softmax_kernel.inc, with vmath_kernel.inc's exp; the driver is softmax_x86.cpp), over X viewed as
// [outer, n, inner] as the portable SoftmaxCompute:
//   inner == 1 (the last axis): per row, a vector max, exp(x - max) stored and summed, one scaling pass;
//   inner > 1 (e.g. axis 1 of NCHW): vectors run along inner, chunks of 256 positions at a time with their
//   running max and sum on the stack, parallel over (outer, chunk).
// Error: exp within vmath_x86.h's bound plus the reordered float sum: a few ulp of the result.
#pragma once

#include <cstdint>

#include "operators/kernel/simd/softmax.h"
#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

using simd::kSoftmaxChunk;

// rows x n contiguous rows.
void SoftmaxRowsAvx2(const float* x, float* y, int64_t rows, int64_t n, bool log);
void SoftmaxRowsAvx512(const float* x, float* y, int64_t rows, int64_t n, bool log);
// One [n, inner] block, positions [i0, i1) of inner (i1 - i0 <= kSoftmaxChunk).
void SoftmaxInnerAvx2(const float* x, float* y, int64_t n, int64_t inner, int64_t i0, int64_t i1, bool log);
void SoftmaxInnerAvx512(const float* x, float* y, int64_t n, int64_t inner, int64_t i0, int64_t i1, bool log);

inline bool SoftmaxX86Supported(Isa isa) { return isa != Isa::kGeneric && IsaSupported(isa); }
// Requires SoftmaxX86Supported(isa).
void SoftmaxX86(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log, Isa isa);
const char* SoftmaxKernelName(Isa isa);  // "avx512 vec", "avx2 vec", "portable"

}  // namespace x86
}  // namespace ember
