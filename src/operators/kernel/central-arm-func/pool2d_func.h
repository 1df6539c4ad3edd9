// Portable pool2d following Paddle's Pool2dFunctor window rules (this loop is its own reference; the
// tests compare against an independent loop of their own).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "framework/parallel.h"
#include "operators/pool2d_op.h"

namespace ember {

// |v|^p, and a p-norm from its sum (p = 2 without pow: the common L2 pooling stays exact).
inline float LpTerm(float v, float p) { return p == 2.f ? v * v : std::pow(std::fabs(v), p); }
inline float LpRoot(double sum, float p) {
  return static_cast<float>(p == 2.f ? std::sqrt(sum) : std::pow(sum, 1.0 / p));
}

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
  const int64_t planes = g.batch * g.channels;
  const int threads = planes * out_hw * g.kernel_h * g.kernel_w > 65536 ? MaxThreads() : 1;
  ParallelFor(planes, threads, [&](int64_t nc) {
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
          if (g.lp > 0.f) {
            double sum = 0;
            for (int64_t h = h0; h < h1; ++h)
              for (int64_t w = w0; w < w1; ++w) sum += LpTerm(plane[h * g.in_w + w], g.lp);
            v = LpRoot(sum, g.lp);
          } else if (g.is_max) {
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
  });
}

// Pooling over fixed windows with dilations; max pooling optionally writes each maximum's index h * W + w in
// its input plane (the first one on ties; -1 and a value of 0 for an empty window). A non-exclusive average
// divides by the taps inside the input and its leading padding on both sides (pool2d's rule).
inline void Pool2dDilated(const PoolGeometry& g, const float* x, float* y, int32_t* mask) {
  const int64_t in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  // The taps [*k0, *k1) of a window starting at `start` that fall inside [0, in).
  auto taps = [](int64_t start, int64_t dil, int64_t kernel, int64_t in, int64_t* k0, int64_t* k1) {
    *k0 = std::min(start >= 0 ? 0 : (-start + dil - 1) / dil, kernel);
    *k1 = std::max(*k0, std::min(in - start <= 0 ? 0 : (in - start + dil - 1) / dil, kernel));
  };
  const int64_t planes = g.batch * g.channels;
  const int threads = planes * out_hw * g.kernel_h * g.kernel_w > 65536 ? MaxThreads() : 1;
  ParallelFor(planes, threads, [&](int64_t nc) {
    const float* plane = x + nc * in_hw;
    for (int64_t oh = 0; oh < g.out_h; ++oh) {
      const int64_t sh = oh * g.stride_h - g.pad_top;
      int64_t h0, h1;
      taps(sh, g.dilation_h, g.kernel_h, g.in_h, &h0, &h1);
      for (int64_t ow = 0; ow < g.out_w; ++ow) {
        const int64_t sw = ow * g.stride_w - g.pad_left;
        int64_t w0, w1;
        taps(sw, g.dilation_w, g.kernel_w, g.in_w, &w0, &w1);
        float v = 0.f;
        int64_t at = -1;
        for (int64_t kh = h0; kh < h1; ++kh)
          for (int64_t kw = w0; kw < w1; ++kw) {
            const int64_t idx = (sh + kh * g.dilation_h) * g.in_w + sw + kw * g.dilation_w;
            if (g.lp > 0.f) {
              v += LpTerm(plane[idx], g.lp);
            } else if (!g.is_max) {
              v += plane[idx];
            } else if (at < 0 || plane[idx] > v) {
              v = plane[idx];
              at = idx;
            }
          }
        if (g.lp > 0.f) v = LpRoot(v, g.lp);
        if (!g.is_max && g.lp == 0.f && h1 > h0 && w1 > w0) {
          int64_t ph0, ph1, pw0, pw1;  // taps inside the input padded by the leading pad on both sides
          taps(sh + g.pad_top, g.dilation_h, g.kernel_h, g.in_h + 2 * g.pad_top, &ph0, &ph1);
          taps(sw + g.pad_left, g.dilation_w, g.kernel_w, g.in_w + 2 * g.pad_left, &pw0, &pw1);
          const int64_t n = g.exclusive ? (h1 - h0) * (w1 - w0) : (ph1 - ph0) * (pw1 - pw0);
          v /= static_cast<float>(n);
        }
        y[nc * out_hw + oh * g.out_w + ow] = v;
        if (mask) mask[nc * out_hw + oh * g.out_w + ow] = static_cast<int32_t>(at);
      }
    }
  });
}

// Global pooling of NCHWxc blocks (g.channels counts blocks, block 4 or 16 lanes, operators/packed_layout.h):
// per block, the lanes' max or mean over H x W, four lanes per GCC vector (SSE / NEON): one small function
// serves both layouts.
inline void GlobalPoolPacked(const PoolGeometry& g, int64_t block, const float* x, float* y) {
  typedef float V4 __attribute__((vector_size(16)));
  const int64_t blocks = g.batch * g.channels, hw = g.in_h * g.in_w, quads = block / 4;
  ParallelFor(blocks * quads, (blocks * hw * block > 65536) ? MaxThreads() : 1, [&](int64_t i) {
    const float* src = x + i / quads * hw * block + i % quads * 4;
    V4 acc, v;
    __builtin_memcpy(&acc, src, sizeof acc);
    for (int64_t p = 1; p < hw; ++p) {
      __builtin_memcpy(&v, src + p * block, sizeof v);
      acc = g.is_max ? (acc > v ? acc : v) : acc + v;
    }
    if (!g.is_max) acc /= static_cast<float>(hw);
    __builtin_memcpy(y + i * 4, &acc, sizeof acc);
  });
}

}  // namespace ember
