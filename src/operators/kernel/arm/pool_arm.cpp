// The NEON pool2d kernels for the shared driver (simd/pool.cpp).
#include "operators/kernel/arm/pool_arm.h"

#include "operators/kernel/kernels_built.h"

namespace ember {
namespace arm {

bool Pool2dArmSupported(const PoolGeometry& g, Isa isa) {
  return isa == Isa::kNeon && IsaSupported(isa) && simd::Pool2dShapeSupported(g);
}

void Pool2dArm(const PoolGeometry& g, const float* x, float* y) {
  simd::Pool2dRun(g, x, y, simd::PoolKernels{kPoolWindowBuilt ? PoolPlaneNeon : nullptr, PoolGlobalNeon});
}

const char* Pool2dKernelName(const PoolGeometry& g, Isa isa) {
  if (!Pool2dArmSupported(g, isa)) return "portable";
  return simd::Pool2dIsGlobal(g) ? "neon global" : "neon vec";
}

}  // namespace arm
}  // namespace ember
