// The pool2d driver shared by the instruction-set folders (x86/pool_x86.h, arm/pool_arm.h): which geometries
// the vector kernels take, the split into global and fixed-window pooling, and the loop over planes (OpenMP).
// The kernels are written once in pool_kernel.inc over a folder's vector vocabulary (vmath_isa_*.inc) and
// instantiated per level (x86/pool_avx2.cpp, x86/pool_avx512.cpp, arm/pool_neon.cpp); the folder passes them
// here as a PoolKernels.
//
// Fixed windows (any kernel size, stride_w 1 or 2, any stride_h, pads, ceil_mode, exclusive or not, no
// dilation): each output row is split into the columns whose window lies inside the input horizontally,
// computed one vector of outputs at a time (stride 2 deinterleaves even/odd columns; the interior's last,
// partial vector and planes narrower than a vector use masked loads and stores), and the border columns,
// computed one output at a time. Rows clipped by top/bottom padding simply visit fewer input rows. Every
// output visits its window in the portable order (row by row, left to right) with the same operations, so
// results equal Pool2d's of central-arm-func/pool2d_func.h bit for bit (max keeps its NaN rule: NaN iff the
// window's first element is NaN).
// Global pooling (a 1x1 output whose window is the whole plane): vectorized sum (a different summation
// order: within float rounding of the portable sum) or max (exact).
//
// Kept free of framework headers (PoolGeometry is only declared here): the per-ISA kernel files include it.
#pragma once

#include <cstdint>

namespace ember {
struct PoolGeometry;

namespace simd {

struct PoolPlaneArgs {
  const float* in;  // in_h x in_w
  float* out;       // out_h x out_w
  int64_t in_h, in_w, out_h, out_w;
  int64_t kernel_h, kernel_w, stride_h, stride_w, pad_top, pad_left;
  bool is_max, exclusive;
};

// A level's kernels (EMBER_POOL(PoolPlane) / EMBER_POOL(PoolGlobal) of pool_kernel.inc).
struct PoolKernels {
  // One plane of a fixed-window pooling; requires stride_w 1 or 2.
  void (*plane)(const PoolPlaneArgs& a);
  // out[p] = max or sum / count over plane p (hw floats each) for p < planes.
  void (*global)(const float* in, int64_t planes, int64_t hw, bool is_max, float count, float* out);
};

// True for the geometries the kernels handle: dilation 1 and either a global window or a fixed
// (non-adaptive) one with stride_w 1 or 2.
bool Pool2dShapeSupported(const PoolGeometry& g);
// True when Pool2dRun takes the global path for `g` (a 1x1 output whose window is the whole plane).
bool Pool2dIsGlobal(const PoolGeometry& g);
// pool2d of NCHW x into y with geometry g; requires Pool2dShapeSupported(g). Parallel over planes.
void Pool2dRun(const PoolGeometry& g, const float* x, float* y, const PoolKernels& ks);

}  // namespace simd
}  // namespace ember
