// NEON elementwise row kernels (simd/eltwise_kernel.inc; on 32-bit ARM compiled with -mfpu=neon-vfpv4).
#include <arm_neon.h>

#include "operators/kernel/arm/vmath_arm.h"

namespace ember {
namespace arm {

namespace {
#include "operators/kernel/arm/vmath_isa_neon.inc"
}  // namespace

#define EMBER_ELT(name) name##Neon
#include "operators/kernel/simd/eltwise_kernel.inc"

}  // namespace arm
}  // namespace ember
