// Vector math (exp, expm1, sigmoid, tanh) and the vectorized activations, compiled with
// -mavx512f -mfma (see vmath_x86.h and cmake/x86_kernels.cmake).
#include <immintrin.h>

#include <type_traits>

#include "operators/kernel/x86/vmath_x86.h"

namespace ember {
namespace x86 {

namespace {
#include "operators/kernel/x86/vmath_isa_avx512.inc"
#include "operators/kernel/simd/vmath_kernel.inc"

template <typename F>
void VMathLoop(F f, const float* x, float* y, int64_t n) {
  int64_t i = 0;
  for (; i + VW <= n; i += VW) VStore(y + i, f(VLoad(x + i)));
  if (i < n) VStoreN(y + i, f(VLoadN(x + i, n - i)), n - i);
}
}  // namespace

void VMathArrayAvx512(VMathFn fn, const float* x, float* y, int64_t n) {
  switch (fn) {
    case VMathFn::kExp: VMathLoop([](V v) { return VExp(v); }, x, y, n); break;
    case VMathFn::kExpm1: VMathLoop([](V v) { return VExpm1(v); }, x, y, n); break;
    case VMathFn::kSigmoid: VMathLoop([](V v) { return VSigmoid(v); }, x, y, n); break;
    case VMathFn::kTanh: VMathLoop([](V v) { return VTanh(v); }, x, y, n); break;
    case VMathFn::kErf: VMathLoop([](V v) { return VErf(v); }, x, y, n); break;
  }
}

bool ActArrayAvx512(const VActSpec& s, const float* x, float* y, int64_t n) {
  return VDispatchAct(s.type, [&](auto k) { VActLoop<decltype(k)::value>(s, x, y, n); });
}

}  // namespace x86
}  // namespace ember
