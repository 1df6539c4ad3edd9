// Portable pool2d following Paddle's Pool2dFunctor window rules (this loop is its own reference; the
// tests compare against an independent loop of their own).
#pragma once

#include <algorithm>
#include <cstdint>

#include "operators/pool2d_op.h"

namespace ember {

// The in-image window [*begin, *end) of output index o along one axis, and the divisor an average
// uses when not exclusive: the window clipped to the input plus the leading padding (Paddle's rule).
inline void PoolWindow(bool adaptive, int64_t o, int64_t in, int64_t out, int64_t kernel, int64_t stride,
                       int64_t pad, int64_t* begin, int64_t* end, int64_t* padded_size) {
  if (adaptive) {
    *begin = o * in / out;
    *end = ((o + 1) * in + out - 1) / out;
    *padded_size = *end - *begin;
    return;
  }
  int64_t b = o * stride - pad;
  int64_t e = std::min(b + kernel, in + pad);
  *padded_size = e - b;
  *begin = std::max<int64_t>(b, 0);
  *end = std::min(e, in);
}

// An empty window (only possible with padding larger than the kernel) yields 0.
inline void Pool2d(const PoolGeometry& g, const float* x, float* y) {
  const int64_t in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
#pragma omp parallel for if (g.batch * g.channels * out_hw * g.kernel_h * g.kernel_w > 65536)
  for (int64_t nc = 0; nc < g.batch * g.channels; ++nc) {
    const float* plane = x + nc * in_hw;
    float* dst = y + nc * out_hw;
    for (int64_t oh = 0; oh < g.out_h; ++oh) {
      int64_t h0, h1, hsize;
      PoolWindow(g.adaptive, oh, g.in_h, g.out_h, g.kernel_h, g.stride_h, g.pad_top, &h0, &h1, &hsize);
      for (int64_t ow = 0; ow < g.out_w; ++ow) {
        int64_t w0, w1, wsize;
        PoolWindow(g.adaptive, ow, g.in_w, g.out_w, g.kernel_w, g.stride_w, g.pad_left, &w0, &w1, &wsize);
        float v = 0.f;
        if (h0 < h1 && w0 < w1) {
          if (g.is_max) {
            v = plane[h0 * g.in_w + w0];
            for (int64_t h = h0; h < h1; ++h)
              for (int64_t w = w0; w < w1; ++w) v = std::max(v, plane[h * g.in_w + w]);
          } else {
            float sum = 0.f;
            for (int64_t h = h0; h < h1; ++h)
              for (int64_t w = w0; w < w1; ++w) sum += plane[h * g.in_w + w];
            const int64_t count = (g.exclusive || g.adaptive) ? (h1 - h0) * (w1 - w0) : hsize * wsize;
            v = sum / static_cast<float>(count);
          }
        }
        dst[oh * g.out_w + ow] = v;
      }
    }
  }
}

}  // namespace ember
