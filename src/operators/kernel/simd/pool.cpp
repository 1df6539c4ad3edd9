// Driver of the vector pool2d kernels (pool.h). Compiled with the baseline flags.
#include "operators/kernel/simd/pool.h"

#include <algorithm>

#include "framework/parallel.h"
#include "operators/kernel/central-arm-func/pool2d_func.h"
#include "operators/kernel/kernels_built.h"
#include "operators/pool2d_op.h"

namespace ember {
namespace simd {

namespace {

// The whole plane is the window of the single output: *count is the portable divisor.
bool IsGlobal(const PoolGeometry& g, int64_t* count) {
  if (g.out_h != 1 || g.out_w != 1) return false;
  int64_t h0, h1, hs, w0, w1, ws;
  PoolWindow(g.adaptive, 0, g.in_h, 1, g.kernel_h, g.stride_h, g.pad_top, &h0, &h1, &hs);
  PoolWindow(g.adaptive, 0, g.in_w, 1, g.kernel_w, g.stride_w, g.pad_left, &w0, &w1, &ws);
  if (h0 != 0 || h1 != g.in_h || w0 != 0 || w1 != g.in_w || g.in_h * g.in_w == 0) return false;
  *count = (g.exclusive || g.adaptive) ? g.in_h * g.in_w : hs * ws;
  return true;
}

bool IsFixed(const PoolGeometry& g) {
  return !g.adaptive && (g.stride_w == 1 || g.stride_w == 2) && g.stride_h >= 1 && g.kernel_h >= 1 &&
         g.kernel_w >= 1;
}

// Planes in chunks of 16 per call, so the threads split them.
void RunGlobal(const PoolGeometry& g, const float* x, float* y, int64_t count, const PoolKernels& ks) {
  const int64_t planes = g.batch * g.channels, in_hw = g.in_h * g.in_w;
  const int64_t kChunk = 16;
  const int64_t chunks = (planes + kChunk - 1) / kChunk;
  ParallelFor(chunks, (planes * in_hw > 65536) ? MaxThreads() : 1, [&](int64_t c) {
    const int64_t p0 = c * kChunk, n = std::min(planes, p0 + kChunk) - p0;
    ks.global(x + p0 * in_hw, n, in_hw, g.is_max, static_cast<float>(count), y + p0);
  });
}

PoolPlaneArgs PlaneArgs(const PoolGeometry& g) {
  PoolPlaneArgs a;
  a.in = nullptr;
  a.out = nullptr;
  a.in_h = g.in_h, a.in_w = g.in_w, a.out_h = g.out_h, a.out_w = g.out_w;
  a.kernel_h = g.kernel_h, a.kernel_w = g.kernel_w, a.stride_h = g.stride_h, a.stride_w = g.stride_w;
  a.pad_top = g.pad_top, a.pad_left = g.pad_left;
  a.is_max = g.is_max, a.exclusive = g.exclusive;
  return a;
}

}  // namespace

bool Pool2dShapeSupported(const PoolGeometry& g) {
  if (g.dilation_h != 1 || g.dilation_w != 1) return false;
  int64_t count;
  return IsGlobal(g, &count) || (kPoolWindowBuilt && IsFixed(g));  // a profile without windows: global only
}

bool Pool2dIsGlobal(const PoolGeometry& g) {
  int64_t count;
  return IsGlobal(g, &count);
}

void Pool2dRun(const PoolGeometry& g, const float* x, float* y, const PoolKernels& ks) {
  const int64_t planes = g.batch * g.channels, in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  if (planes == 0 || out_hw == 0) return;
  int64_t count = 0;
  if (IsGlobal(g, &count)) return RunGlobal(g, x, y, count, ks);
  const PoolPlaneArgs common = PlaneArgs(g);
  ParallelFor(planes, (planes * out_hw * g.kernel_h * g.kernel_w > 65536) ? MaxThreads() : 1, [&](int64_t nc) {
    PoolPlaneArgs a = common;
    a.in = x + nc * in_hw;
    a.out = y + nc * out_hw;
    ks.plane(a);
  });
}

}  // namespace simd
}  // namespace ember
