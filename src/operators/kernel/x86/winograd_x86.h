// x86 Winograd convolution (F(6,3) / F(4,3) / F(2,3), 3x3 stride-1 convs): the shared driver
// (simd/winograd.h) with the kernels of an x86 level (winograd_{avx2,avx512}.cpp, simd/winograd_generic.cpp;
// AVX2 and AVX-512 gather their input patches). The wrappers take an Isa (clamped to the detected level).
#pragma once

#include "operators/kernel/simd/winograd.h"
#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
namespace x86 {

using simd::WinogradPackedSize;
using simd::WinogradPackFilter;
using simd::WinogradSupported;

// The kernel set of `isa` as named (not clamped).
simd::WinoKernels WinoKernelsOf(Isa isa);
simd::WinoKernels WinoKernelsAvx2();
simd::WinoKernels WinoKernelsAvx512();

// The tile size of the measured rule (simd::WinogradChoose), or 0 for the GEMM path.
inline int WinogradChoose(const ConvGeometry& g, Isa isa) {
  (void)isa;
  return simd::WinogradChoose(g, 0);
}

// simd::ConvWinograd with the kernels of `isa`, any activation (applied after when not fused).
void ConvWinograd(const ConvGeometry& g, int m, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, Isa isa);

// "winograd F(6,3) avx512", "winograd F(2,3) avx2", ...
const char* WinogradKernelName(int m, Isa isa);

}  // namespace x86
}  // namespace ember
