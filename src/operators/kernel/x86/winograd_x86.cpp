// The x86 levels' Winograd kernel sets for the shared driver (simd/winograd.cpp).
#include "operators/kernel/x86/winograd_x86.h"

#include "operators/conv_op.h"
#include "operators/kernel/x86/activation_x86.h"

namespace ember {
namespace x86 {

simd::WinoKernels WinoKernelsOf(Isa isa) {
  switch (isa) {
    case Isa::kAvx512: return WinoKernelsAvx512();
    case Isa::kAvx2: return WinoKernelsAvx2();
    case Isa::kGeneric: break;
  }
  return simd::WinoKernelsGeneric();
}

void ConvWinograd(const ConvGeometry& g, int m, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, Isa isa) {
  if (!IsaSupported(isa)) isa = DetectedIsa();
  if (!simd::ConvWinograd(g, m, packed, bias, act, input, output, WinoKernelsOf(isa)))
    ActivationArray(act, output, output, g.batch * g.out_c * g.out_h * g.out_w, isa);
}

const char* WinogradKernelName(int m, Isa isa) {
  static const char* const kNames[3][3] = {{"winograd F(2,3) generic", "winograd F(2,3) avx2", "winograd F(2,3) avx512"},
                                           {"winograd F(4,3) generic", "winograd F(4,3) avx2", "winograd F(4,3) avx512"},
                                           {"winograd F(6,3) generic", "winograd F(6,3) avx2", "winograd F(6,3) avx512"}};
  if (!IsaSupported(isa)) isa = DetectedIsa();
  return kNames[m == 6 ? 2 : m == 4 ? 1 : 0][static_cast<int>(isa)];
}

}  // namespace x86
}  // namespace ember
