// Direct KxK (3, 5 or 7) stride-2 convolution on x86 (AVX2+FMA and AVX-512): the shared driver
// (simd/conv_s2_direct.h, which describes the method and holds the thresholds) with the row kernels of
// conv_s2_direct_avx2.cpp (2 vectors of 8 per tile row) and conv_s2_direct_avx512.cpp (4 of 16), one source
// simd/conv_s2_direct_kernel.inc. The wrappers take an Isa.
#pragma once

#include <cstdint>
#include <vector>

#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/simd/conv_s2_direct.h"
#include "operators/kernel/x86/cpu_isa.h"
#include "operators/kernel/x86/sgemm_x86.h"

namespace ember {
namespace x86 {

using simd::ConvS2Args;
using simd::kConvS2CB;
using simd::PackConvDirectS2Filter;
void ConvS2RowsAvx2(const ConvS2Args& a);
void ConvS2RowsAvx512(const ConvS2Args& a);

// True when ConvDirectS2 handles `g` on `isa` (avx2 or avx512, supported here).
bool ConvDirectS2Supported(const ConvGeometry& g, Isa isa);
// True when it is also measured faster than the GEMM path for `g` (few input channels).
bool ConvDirectS2Pays(const ConvGeometry& g, Isa isa);

// The conv of NCHW `input` into NCHW `output`, bias [cout] (not null), any activation (clamp / leaky fused,
// the others applied after). Requires ConvDirectS2Supported(g, isa).
void ConvDirectS2(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, Isa isa);

// "direct 3x3s2 avx2", ..., "direct 7x7s2 avx512".
const char* ConvDirectS2Name(const ConvGeometry& g, Isa isa);

}  // namespace x86
}  // namespace ember
