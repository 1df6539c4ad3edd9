// pool2d fast paths on x86 (AVX-512F / AVX2+FMA, pool_avx2.cpp / pool_avx512.cpp, one source
// pool_kernel.inc; the driver is pool_x86.cpp).
//
// Fixed windows (any kernel size, stride_w 1 or 2, any stride_h, pads, ceil_mode, exclusive or not, no
// dilation): each output row is split into the columns whose window lies inside the input horizontally,
// computed one vector of outputs at a time (stride 2 deinterleaves even/odd columns with permutes; the
// interior's last, partial vector and planes narrower than a vector use masked loads and stores), and the
// border columns, computed one output at a time. Rows clipped by top/bottom padding simply visit fewer
// input rows. Every output visits its window in the portable order (row by row, left to right) with the
// same operations, so results equal Pool2d's of central-arm-func/pool2d_func.h bit for bit (max keeps its
// NaN rule: NaN iff the window's first element is NaN).
// Global pooling (a 1x1 output whose window is the whole plane): vectorized sum (a different summation
// order: within float rounding of the portable sum) or max (exact).
#pragma once

#include <cstdint>

#include "operators/kernel/x86/cpu_isa.h"

namespace ember {
struct PoolGeometry;

namespace x86 {

struct PoolPlaneArgs {
  const float* in;  // in_h x in_w
  float* out;       // out_h x out_w
  int64_t in_h, in_w, out_h, out_w;
  int64_t kernel_h, kernel_w, stride_h, stride_w, pad_top, pad_left;
  bool is_max, exclusive;
};
// One plane of a fixed-window pooling; requires stride_w 1 or 2.
void PoolPlaneAvx2(const PoolPlaneArgs& a);
void PoolPlaneAvx512(const PoolPlaneArgs& a);
// out[p] = max or sum / count over plane p (hw floats each) for p < planes.
void PoolGlobalAvx2(const float* in, int64_t planes, int64_t hw, bool is_max, float count, float* out);
void PoolGlobalAvx512(const float* in, int64_t planes, int64_t hw, bool is_max, float count, float* out);

// True when Pool2dX86 handles `g` on `isa` (avx2 or avx512, supported by this machine): dilation 1 and
// either a global window or a fixed (non-adaptive) one with stride_w 1 or 2.
bool Pool2dX86Supported(const PoolGeometry& g, Isa isa);
// pool2d of NCHW x into y with geometry g; requires Pool2dX86Supported(g, isa). Parallel over planes.
void Pool2dX86(const PoolGeometry& g, const float* x, float* y, Isa isa);
// "avx512 vec", "avx512 global", "avx2 vec", ... or "portable" when Pool2dX86 does not handle g.
const char* Pool2dKernelName(const PoolGeometry& g, Isa isa);

}  // namespace x86
}  // namespace ember
