// Portable micro-kernels (baseline flags: SSE2 on x86-64, VFP or NEON on ARM) through GCC/Clang vector
// extensions: level 0 of every folder.
#include <cstring>

#include "operators/kernel/simd/sgemm.h"

namespace ember {
namespace simd {

namespace {
typedef float Vec4 __attribute__((vector_size(16)));
inline Vec4 Load4(const float* p) {
  Vec4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline void Store4(float* p, Vec4 v) { std::memcpy(p, &v, sizeof v); }
inline Vec4 LoadN(const float* p, int n) {
  Vec4 v = {0, 0, 0, 0};
  std::memcpy(&v, p, static_cast<size_t>(n) * sizeof(float));
  return v;
}
inline void StoreN(float* p, Vec4 v, int n) { std::memcpy(p, &v, static_cast<size_t>(n) * sizeof(float)); }
inline Vec4 Max4(Vec4 a, Vec4 b) { return a > b ? a : b; }
inline Vec4 Min4(Vec4 a, Vec4 b) { return a < b ? a : b; }
}  // namespace

#define V Vec4
#define VW 4
#define VLOAD(p) Load4(p)
#define VSTORE(p, v) Store4(p, v)
#define VLOADN(p, n) LoadN(p, n)
#define VSTOREN(p, v, n) StoreN(p, v, n)
#define VSET1(x) (Vec4{0, 0, 0, 0} + (x))
#define VFMA(a, b, c) ((a) * (b) + (c))
#define VZERO() (Vec4{0, 0, 0, 0})
#define VMUL(a, b) ((a) * (b))
#define VADD(a, b) ((a) + (b))
#define VMAX(a, b) Max4(a, b)
#define VMIN(a, b) Min4(a, b)
#define EMBER_GEMM_KERNEL GemmKernelGeneric
#define EMBER_GEMM_AXPY4 GemmAxpy4Generic
#include "operators/kernel/simd/sgemm_kernel.inc"

void GatherEvenGeneric(const float* src, float* dst, int64_t n) {
  for (int64_t t = 0; t < n; ++t) dst[t] = src[2 * t];
}

const GemmKernels& GenericGemmKernels() {
  static const GemmKernels ks = {GemmKernelGeneric, 8, 4, GatherEvenGeneric, GemmAxpy4Generic};
  return ks;
}

}  // namespace simd
}  // namespace ember
