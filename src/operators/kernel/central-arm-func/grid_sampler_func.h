// Portable grid_sampler: per output position, each spatial dim gives its taps (input index and weight; 1 tap
// for nearest, 2 for linear, 4 for cubic), the padding mode maps taps outside X, and every channel sums the
// product of the taps. Coordinates follow ONNX's reference (and PyTorch): float denormalization, a position
// outside the edges clamped (border) or reflected (reflection) first, then each tap mapped again.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "framework/parallel.h"

namespace ember {

enum class GridSampleMode { kLinear, kNearest, kCubic };
enum class GridSamplePadding { kZeros, kBorder, kReflection };

struct GridSampleShape {
  int64_t n = 1, c = 1;
  int rank = 2;                // spatial dims
  int64_t in[3] = {1, 1, 1};  // X's spatial dims
  int64_t points = 1;          // output positions per image
  GridSampleMode mode = GridSampleMode::kLinear;
  GridSamplePadding padding = GridSamplePadding::kZeros;
  bool align_corners = false;
};

// One dim's taps: input index (-1 reads 0) and weight.
struct GridTaps {
  int count = 0;
  int64_t index[4] = {-1, -1, -1, -1};
  float weight[4] = {0, 0, 0, 0};
};

// x reflected at lo and hi until inside [lo, hi]; in double like the reference's mixed float32 / float64.
inline float GridReflect(double x, double lo, double hi) {
  const double range = hi - lo;
  if (range <= 0) return static_cast<float>(lo);
  if (x < lo) {
    const double d = lo - x, flips = std::floor(d / range), r = d - flips * range;
    return static_cast<float>(std::fmod(flips, 2.0) == 0 ? lo + r : hi - r);
  }
  if (x > hi) {
    const double d = x - hi, flips = std::floor(d / range), r = d - flips * range;
    return static_cast<float>(std::fmod(flips, 2.0) == 0 ? hi - r : lo + r);
  }
  return static_cast<float>(x);
}

// Where tap index i reads along a dim of `size` pixels whose edges are lo, hi; -1 for a zero pixel.
inline int64_t GridPadIndex(int64_t i, int64_t size, GridSamplePadding pad, float lo, float hi) {
  if (i >= 0 && i < size) return i;
  if (pad == GridSamplePadding::kZeros) return -1;
  if (pad == GridSamplePadding::kBorder) return i < 0 ? 0 : size - 1;
  const int64_t r = static_cast<int64_t>(GridReflect(static_cast<double>(i), lo, hi));
  return std::min(std::max<int64_t>(r, 0), size - 1);
}

// Keys' cubic convolution weights (a = -0.75) of the taps at distances 1 + t, t, 1 - t, 2 - t.
inline void GridCubicWeights(float t, float* w) {
  const float a = -0.75f, t1 = t + 1, t2 = 1 - t, t3 = 2 - t;
  w[0] = ((a * t1 - 5 * a) * t1 + 8 * a) * t1 - 4 * a;
  w[1] = ((a + 2) * t - (a + 3)) * t * t + 1;
  w[2] = ((a + 2) * t2 - (a + 3)) * t2 * t2 + 1;
  w[3] = ((a * t3 - 5 * a) * t3 + 8 * a) * t3 - 4 * a;
}

// The taps of normalized coordinate g along a dim of `size` pixels.
inline void GridDimTaps(float g, int64_t size, const GridSampleShape& s, GridTaps* t) {
  const bool align = s.align_corners;
  const float lo = align ? 0.f : -0.5f, hi = static_cast<float>(size) - (align ? 1.f : 0.5f);
  float x = align ? (g + 1) / 2 * static_cast<float>(size - 1) : ((g + 1) * static_cast<float>(size) - 1) / 2;
  // No position (NaN, or infinity unless border padding clamps it): one zero tap.
  if (std::isnan(x) || (std::isinf(x) && s.padding != GridSamplePadding::kBorder)) {
    t->count = 1, t->index[0] = -1, t->weight[0] = 0;
    return;
  }
  if (s.mode == GridSampleMode::kNearest) x = std::nearbyint(x);
  if (x < lo || x > hi) {
    if (s.padding == GridSamplePadding::kBorder) x = std::min(std::max(x, 0.f), static_cast<float>(size - 1));
    else if (s.padding == GridSamplePadding::kReflection) x = GridReflect(x, lo, hi);
    else x = std::min(std::max(x, lo - 4), hi + 4);  // every tap already reads 0; keeps the casts defined
  }
  if (s.mode == GridSampleMode::kNearest) {
    t->count = 1, t->index[0] = static_cast<int64_t>(x), t->weight[0] = 1;
  } else {
    const float x0 = std::floor(x), f = x - x0;
    const int64_t i0 = static_cast<int64_t>(x0);
    if (s.mode == GridSampleMode::kLinear) {
      t->count = 2, t->index[0] = i0, t->index[1] = i0 + 1, t->weight[0] = 1 - f, t->weight[1] = f;
    } else {
      t->count = 4;
      for (int k = 0; k < 4; ++k) t->index[k] = i0 - 1 + k;
      GridCubicWeights(f, t->weight);
    }
  }
  for (int k = 0; k < t->count; ++k) t->index[k] = GridPadIndex(t->index[k], size, s.padding, lo, hi);
}

// The taps of every dim combined: offsets into one channel of X and their weights; returns how many.
inline int GridCombineTaps(const GridSampleShape& s, const GridTaps* taps, int64_t* offset, float* weight) {
  int count = 1;
  offset[0] = 0, weight[0] = 1;
  for (int d = 0; d < s.rank; ++d) {  // outermost dim first: offset = offset * size + index
    int next = 0;
    int64_t off[64];
    float w[64];
    for (int a = 0; a < count; ++a)
      for (int k = 0; k < taps[d].count; ++k)
        if (taps[d].index[k] >= 0) {
          off[next] = offset[a] * s.in[d] + taps[d].index[k];
          w[next++] = weight[a] * taps[d].weight[k];
        }
    std::copy(off, off + next, offset);
    std::copy(w, w + next, weight);
    count = next;
  }
  return count;
}

// x [n, c, in...], grid [n, points, rank] (innermost dim's coordinate first) -> y [n, c, points].
inline void GridSample(const GridSampleShape& s, const float* x, const float* grid, float* y) {
  int64_t plane = 1;
  for (int d = 0; d < s.rank; ++d) plane *= s.in[d];
  const int64_t total = s.n * s.points;
  ParallelRanges(total, 256, total * s.c > 16384 ? MaxThreads() : 1, [&](int64_t begin, int64_t end) {
    GridTaps taps[3];
    int64_t offset[64];
    float weight[64];
    for (int64_t q = begin; q < end; ++q) {
      const int64_t n = q / s.points, o = q % s.points;
      for (int d = 0; d < s.rank; ++d) GridDimTaps(grid[q * s.rank + (s.rank - 1 - d)], s.in[d], s, &taps[d]);
      const int count = GridCombineTaps(s, taps, offset, weight);
      for (int64_t c = 0; c < s.c; ++c) {
        const float* xc = x + (n * s.c + c) * plane;
        float sum = 0;
        for (int k = 0; k < count; ++k) sum += weight[k] * xc[offset[k]];
        y[(n * s.c + c) * s.points + o] = sum;
      }
    }
  });
}

}  // namespace ember
