// softmax kernels compiled with -mavx512f -mfma (see softmax_x86.h and cmake/x86_kernels.cmake).
#include <immintrin.h>
#include <math.h>

#include <type_traits>

#include "operators/kernel/x86/softmax_x86.h"
#include "operators/kernel/x86/vmath_x86.h"

namespace ember {
namespace x86 {

namespace {
#include "operators/kernel/x86/vmath_isa_avx512.inc"
#include "operators/kernel/simd/vmath_kernel.inc"
}  // namespace

#define EMBER_SMX(name) name##Avx512
#include "operators/kernel/simd/softmax_kernel.inc"

}  // namespace x86
}  // namespace ember
