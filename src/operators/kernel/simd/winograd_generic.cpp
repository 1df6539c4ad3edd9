// Portable Winograd kernels (baseline flags: SSE2 on x86-64, VFP or NEON on ARM) through GCC/Clang vector
// extensions: level 0 of every folder.
#include <cstring>

#include "operators/kernel/simd/winograd.h"

namespace ember {
namespace simd {

namespace {
typedef float WVec4 __attribute__((vector_size(16)));
inline WVec4 WLoad4(const float* p) {
  WVec4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void WStore4(float* p, WVec4 v) { std::memcpy(p, &v, sizeof v); }
inline WVec4 WMax4(WVec4 a, WVec4 b) { return a > b ? a : b; }
inline WVec4 WMin4(WVec4 a, WVec4 b) { return a < b ? a : b; }
}  // namespace

#define V WVec4
#define VW 4
#define VLOAD(p) WLoad4(p)
#define VSTORE(p, v) WStore4(p, v)
#define VSET1(x) (WVec4{0, 0, 0, 0} + (x))
#define VFMA(a, b, c) ((a) * (b) + (c))
#define VZERO() (WVec4{0, 0, 0, 0})
#define VMUL(a, b) ((a) * (b))
#define VADD(a, b) ((a) + (b))
#define VSUB(a, b) ((a) - (b))
#define VMAX(a, b) WMax4(a, b)
#define VMIN(a, b) WMin4(a, b)
#define EMBER_WINO_KERNELS WinoKernelsGeneric
#include "operators/kernel/simd/winograd_kernel.inc"

}  // namespace simd
}  // namespace ember
