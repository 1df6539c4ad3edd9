// pool2d kernels compiled with -mavx2 -mfma (see simd/pool.h and cmake/x86_kernels.cmake).
#include <immintrin.h>

#include "operators/kernel/x86/pool_x86.h"

namespace ember {
namespace x86 {

namespace {
#include "operators/kernel/x86/vmath_isa_avx2.inc"
}  // namespace

#define EMBER_POOL(name) name##Avx2
#include "operators/kernel/simd/pool_kernel.inc"

}  // namespace x86
}  // namespace ember
