// ARM pool2d: the shared driver (simd/pool.h, which describes the kernels) with the NEON kernels of
// pool_neon.cpp (simd/pool_kernel.inc, as on x86). Fixed windows equal the portable Pool2d bit for bit.
#pragma once

#include <cstdint>

#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/simd/pool.h"

namespace ember {
namespace arm {

using simd::PoolPlaneArgs;
void PoolPlaneNeon(const PoolPlaneArgs& a);
void PoolGlobalNeon(const float* in, int64_t planes, int64_t hw, bool is_max, float count, float* out);

// True when Pool2dArm handles `g` at `isa` (neon, supported, simd::Pool2dShapeSupported(g)).
bool Pool2dArmSupported(const PoolGeometry& g, Isa isa);
// pool2d of NCHW x into y; requires Pool2dArmSupported(g, isa). Parallel over planes.
void Pool2dArm(const PoolGeometry& g, const float* x, float* y);
// "neon vec", "neon global", or "portable" when Pool2dArm does not handle g.
const char* Pool2dKernelName(const PoolGeometry& g, Isa isa);

}  // namespace arm
}  // namespace ember
