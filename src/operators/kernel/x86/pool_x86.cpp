// The x86 levels' pool2d kernels for the shared driver (simd/pool.cpp).
#include "operators/kernel/x86/pool_x86.h"

#include "operators/kernel/kernels_built.h"

namespace ember {
namespace x86 {

bool Pool2dX86Supported(const PoolGeometry& g, Isa isa) {
  return isa != Isa::kGeneric && IsaSupported(isa) && simd::Pool2dShapeSupported(g);
}

void Pool2dX86(const PoolGeometry& g, const float* x, float* y, Isa isa) {
  static const simd::PoolKernels kAvx2 = {kPoolWindowBuilt ? PoolPlaneAvx2 : nullptr, PoolGlobalAvx2};
  static const simd::PoolKernels kAvx512 = {kPoolWindowBuilt ? PoolPlaneAvx512 : nullptr, PoolGlobalAvx512};
  simd::Pool2dRun(g, x, y, isa == Isa::kAvx512 ? kAvx512 : kAvx2);
}

const char* Pool2dKernelName(const PoolGeometry& g, Isa isa) {
  if (!Pool2dX86Supported(g, isa)) return "portable";
  const bool global = simd::Pool2dIsGlobal(g);
  if (isa == Isa::kAvx512) return global ? "avx512 global" : "avx512 vec";
  return global ? "avx2 global" : "avx2 vec";
}

}  // namespace x86
}  // namespace ember
