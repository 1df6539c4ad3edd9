// ARM depthwise 3x3 / 5x5 (stride 1 / 2): the shared driver (simd/dwconv.h) with the NEON row kernel.
#pragma once

#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/simd/dwconv.h"

namespace ember {
namespace arm {

void DwConvRowsNeon(const simd::DwRowsArgs& a);  // dwconv_neon.cpp

// True when DepthwiseArm handles `g` at `isa` (neon, supported, a shape the kernels take).
bool DepthwiseKernelSupported(const ConvGeometry& g, Isa isa);
// Requires DepthwiseKernelSupported(g, isa); see simd::DepthwiseConv.
void DepthwiseArm(const ConvGeometry& g, const float* filter, const float* bias, const simd::GemmEpilogue& ep,
                  const float* input, float* output, simd::DwPostFn post, const void* post_ctx);
// "dw3x3s1 neon", ...; "dw ref" when it does not handle `g`.
const char* DepthwiseKernelName(const ConvGeometry& g, Isa isa);

}  // namespace arm
}  // namespace ember
