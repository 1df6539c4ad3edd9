// x86 convolution paths (ConvKernel<CPU, float> reaches them through the conv entry of x86_accel.cpp):
// - GEMM: the shared packed-filter GEMM conv (simd/conv_gemm.h) with the micro-kernels of an x86 level.
// - 3x3 stride-1 convs: Winograd (winograd_x86.h) where its rule says it is faster.
// - Depthwise 3x3 and 5x5, stride 1 or 2, dilation 1: dwconv_x86.h, in place on the NCHW input.
#pragma once

#include <vector>

#include "operators/activation_op.h"
#include "operators/conv_op.h"
#include "operators/kernel/simd/conv_gemm.h"
#include "operators/kernel/x86/dwconv_x86.h"
#include "operators/kernel/x86/sgemm_x86.h"

namespace ember {
namespace x86 {

using simd::EpilogueActivation;
using simd::PackConvFilter;

// The GEMM conv on packed weights; bias [Cout] (zeros when the op has none); any activation.
void ConvGemmPacked(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                    const float* input, float* output, Isa isa);

}  // namespace x86
}  // namespace ember
