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

// F(4,3) wherever the rule measured on x86 picks any Winograd (simd::WinogradChoose), else 0 (GEMM). Under
// qemu-aarch64 (1 thread, per-layer profile, EMBER_CONV=winograd2|4|6) F(4,3) ran every 3x3 s1 layer of
// squeezenet and resnet18 fastest: squeezenet's eight 757 ms against 1163 (F(6,3)) and 1225 (F(2,3)); resnet18's
// 7x7 x 512 layers ~450 ms against ~1300 (F(6,3)), ~750 (F(2,3)), ~1000 (GEMM).
inline int WinogradChoose(const ConvGeometry& g) { return simd::WinogradChoose(g, 4); }

// "winograd F(6,3) neon", "winograd F(2,3) generic", ...
const char* WinogradKernelName(int m, Isa isa);

}  // namespace arm
}  // namespace ember
