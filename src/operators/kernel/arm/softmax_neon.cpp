// NEON softmax kernels (simd/softmax_kernel.inc; on 32-bit ARM compiled with -mfpu=neon-vfpv4).
#include <arm_neon.h>
#include <math.h>

#include <type_traits>

#include "operators/kernel/arm/vmath_arm.h"

namespace ember {
namespace arm {

using simd::kSoftmaxChunk;
using simd::VActSpec;
using namespace simd::vact;

namespace {
#include "operators/kernel/arm/vmath_isa_neon.inc"
#include "operators/kernel/simd/vmath_kernel.inc"
}  // namespace

#define EMBER_SMX(name) name##Neon
#include "operators/kernel/simd/softmax_kernel.inc"

}  // namespace arm
}  // namespace ember
