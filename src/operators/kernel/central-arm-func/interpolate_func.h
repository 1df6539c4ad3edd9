// Portable nearest and bilinear resizing over [planes, H, W]. Source indices and weights depend only on
// the output coordinate, so they are tabulated once per call. The index arithmetic (float ratio, double
// 0.5 offsets, truncation toward zero) follows Paddle's CPU kernels exactly, so outputs match bit for bit
// in index choice.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "framework/parallel.h"

namespace ember {

// Paddle's nearest source index: round with align_corners, floor (truncate) without.
inline int NearestSourceIndex(float ratio, int out_index, bool align_corners) {
  return align_corners ? static_cast<int>(ratio * out_index + 0.5) : static_cast<int>(ratio * out_index);
}

// One axis of bilinear sampling: low/high source index and the weight of the high one.
struct LinearTap {
  int lo, hi;
  float w_hi;
};

inline LinearTap BilinearTap(float ratio, int out_index, int in_size, bool align_corners, int align_mode) {
  const bool half_pixel = align_mode == 0 && !align_corners;
  int lo = half_pixel ? static_cast<int>(ratio * (out_index + 0.5) - 0.5) : static_cast<int>(ratio * out_index);
  lo = std::max(lo, 0);
  int hi = std::min(lo + 1, in_size - 1);
  float src = static_cast<float>(ratio * (out_index + 0.5) - 0.5);
  src = std::max(src, 0.f);
  float w = half_pixel ? src - lo : ratio * out_index - lo;
  return {lo, hi, w};
}

template <typename T>
void NearestResizeTyped(const T* x, T* y, int64_t planes, int in_h, int in_w, int out_h, int out_w, float ratio_h,
                        float ratio_w, bool align_corners) {
  std::vector<int> sx(static_cast<size_t>(out_w));
  for (int l = 0; l < out_w; ++l) sx[l] = NearestSourceIndex(ratio_w, l, align_corners);
  std::vector<int> sy(static_cast<size_t>(out_h));
  for (int k = 0; k < out_h; ++k) sy[k] = NearestSourceIndex(ratio_h, k, align_corners);
  ParallelFor(planes, (planes * out_h * out_w > 65536) ? MaxThreads() : 1, [&](int64_t pl) {
    const T* xp = x + pl * in_h * in_w;
    T* yp = y + pl * out_h * out_w;
    for (int k = 0; k < out_h; ++k) {
      const T* row = xp + static_cast<int64_t>(sy[k]) * in_w;
      T* o = yp + static_cast<int64_t>(k) * out_w;
      for (int l = 0; l < out_w; ++l) o[l] = row[sx[l]];
    }
  });
}

// Nearest resize of elements of elem_size bytes (1, 2, 4 or 8).
inline void NearestResize(const void* x, void* y, size_t elem_size, int64_t planes, int in_h, int in_w, int out_h,
                          int out_w, float ratio_h, float ratio_w, bool align_corners) {
  switch (elem_size) {
    case 1: NearestResizeTyped(static_cast<const uint8_t*>(x), static_cast<uint8_t*>(y), planes, in_h, in_w, out_h, out_w, ratio_h, ratio_w, align_corners); break;
    case 2: NearestResizeTyped(static_cast<const uint16_t*>(x), static_cast<uint16_t*>(y), planes, in_h, in_w, out_h, out_w, ratio_h, ratio_w, align_corners); break;
    case 4: NearestResizeTyped(static_cast<const uint32_t*>(x), static_cast<uint32_t*>(y), planes, in_h, in_w, out_h, out_w, ratio_h, ratio_w, align_corners); break;
    case 8: NearestResizeTyped(static_cast<const uint64_t*>(x), static_cast<uint64_t*>(y), planes, in_h, in_w, out_h, out_w, ratio_h, ratio_w, align_corners); break;
    default: break;
  }
}

inline void BilinearResize(const float* x, float* y, int64_t planes, int in_h, int in_w, int out_h, int out_w,
                           float ratio_h, float ratio_w, bool align_corners, int align_mode) {
  std::vector<LinearTap> ty(static_cast<size_t>(out_h)), tx(static_cast<size_t>(out_w));
  for (int k = 0; k < out_h; ++k) ty[k] = BilinearTap(ratio_h, k, in_h, align_corners, align_mode);
  for (int l = 0; l < out_w; ++l) tx[l] = BilinearTap(ratio_w, l, in_w, align_corners, align_mode);
  ParallelFor(planes, (planes * out_h * out_w > 16384) ? MaxThreads() : 1, [&](int64_t pl) {
    const float* xp = x + pl * in_h * in_w;
    float* yp = y + pl * out_h * out_w;
    for (int k = 0; k < out_h; ++k) {
      const float* r0 = xp + static_cast<int64_t>(ty[k].lo) * in_w;
      const float* r1 = xp + static_cast<int64_t>(ty[k].hi) * in_w;
      const float wy1 = ty[k].w_hi, wy0 = 1.f - wy1;
      float* o = yp + static_cast<int64_t>(k) * out_w;
      for (int l = 0; l < out_w; ++l) {
        const float wx1 = tx[l].w_hi, wx0 = 1.f - wx1;
        o[l] = r0[tx[l].lo] * wy0 * wx0 + r1[tx[l].lo] * wy1 * wx0 + r0[tx[l].hi] * wy0 * wx1 +
               r1[tx[l].hi] * wy1 * wx1;
      }
    }
  });
}

}  // namespace ember
