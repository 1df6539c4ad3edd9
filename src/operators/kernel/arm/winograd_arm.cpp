// The ARM levels' Winograd kernel sets for the shared driver (simd/winograd.cpp).
#include "operators/kernel/arm/winograd_arm.h"

namespace ember {
namespace arm {

simd::WinoKernels WinoKernelsOf(Isa isa) {
  if (isa == Isa::kNeon && IsaSupported(isa)) return WinoKernelsNeon();
  return simd::WinoKernelsGeneric();
}

const char* WinogradKernelName(int m, Isa isa) {
  static const char* const kNames[3][2] = {{"winograd F(2,3) generic", "winograd F(2,3) neon"},
                                           {"winograd F(4,3) generic", "winograd F(4,3) neon"},
                                           {"winograd F(6,3) generic", "winograd F(6,3) neon"}};
  if (!IsaSupported(isa)) isa = DetectedIsa();
  return kNames[m == 6 ? 2 : m == 4 ? 1 : 0][static_cast<int>(isa)];
}

}  // namespace arm
}  // namespace ember
