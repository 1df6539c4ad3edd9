// NEON vector math and activations (simd/vmath_kernel.inc over vmath_isa_neon.inc; on 32-bit ARM compiled with
// -mfpu=neon-vfpv4). Same accuracy bounds as the x86 variants (x86/vmath_x86.h): the same polynomials.
#include <arm_neon.h>

#include <type_traits>

#include "operators/kernel/arm/vmath_arm.h"

namespace ember {
namespace arm {

using simd::VActSpec;
using namespace simd::vact;

namespace {
#include "operators/kernel/arm/vmath_isa_neon.inc"
#include "operators/kernel/simd/vmath_kernel.inc"
}  // namespace

bool ActArrayNeon(const VActSpec& s, const float* x, float* y, int64_t n) {
  return VDispatchAct(s.type, [&](auto k) { VActLoop<decltype(k)::value>(s, x, y, n); });
}

}  // namespace arm
}  // namespace ember
