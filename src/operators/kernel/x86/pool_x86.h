// pool2d on x86 (AVX-512F / AVX2+FMA): the shared driver (simd/pool.h, which describes the kernels) with the
// kernels of pool_avx2.cpp / pool_avx512.cpp (one source, simd/pool_kernel.inc). The wrappers take an Isa.
#pragma once

#include <cstdint>

#include "operators/kernel/simd/pool.h"
#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
struct PoolGeometry;

namespace x86 {

using simd::PoolPlaneArgs;
void PoolPlaneAvx2(const PoolPlaneArgs& a);
void PoolPlaneAvx512(const PoolPlaneArgs& a);
void PoolGlobalAvx2(const float* in, int64_t planes, int64_t hw, bool is_max, float count, float* out);
void PoolGlobalAvx512(const float* in, int64_t planes, int64_t hw, bool is_max, float count, float* out);

// True when Pool2dX86 handles `g` on `isa` (avx2 or avx512, supported by this machine, and
// simd::Pool2dShapeSupported(g)).
bool Pool2dX86Supported(const PoolGeometry& g, Isa isa);
// pool2d of NCHW x into y with geometry g; requires Pool2dX86Supported(g, isa). Parallel over planes.
void Pool2dX86(const PoolGeometry& g, const float* x, float* y, Isa isa);
// "avx512 vec", "avx512 global", "avx2 vec", ... or "portable" when Pool2dX86 does not handle g.
const char* Pool2dKernelName(const PoolGeometry& g, Isa isa);

}  // namespace x86
}  // namespace ember
