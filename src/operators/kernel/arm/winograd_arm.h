// ARM Winograd convolution (3x3 stride-1 convs): the shared driver (simd/winograd.h) with the kernels of an ARM
// level: NEON (winograd_neon.cpp, 4 lanes) or the generic vector-extension ones.
#pragma once

#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/simd/winograd.h"

namespace ember {
namespace arm {

// The kernel set of `isa`, clamped to the detected level.
simd::WinoKernels WinoKernelsOf(Isa isa);
simd::WinoKernels WinoKernelsNeon();

// F(6,3) wherever the rule measured on x86 picks any Winograd (simd::WinogradChoose), else 0 (GEMM).
inline int WinogradChoose(const ConvGeometry& g) { return simd::WinogradChoose(g, 6); }

// "winograd F(6,3) neon", "winograd F(2,3) generic", ...
const char* WinogradKernelName(int m, Isa isa);

}  // namespace arm
}  // namespace ember
