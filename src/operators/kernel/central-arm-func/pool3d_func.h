// Portable pool3d with pool2d's window rules (Paddle's Pool3dFunctor), plus dilated max windows, and the
// plain reference loop.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "framework/parallel.h"
#include "operators/kernel/central-arm-func/pool2d_func.h"
#include "operators/pool3d_op.h"

namespace ember {

// The in-image taps of output index o along one axis: positions first + k * step for k in [0, count), and
// the divisor a non-exclusive average uses (the window clipped to the input plus the leading padding).
struct Pool3dAxis {
  int64_t first = 0, step = 1, count = 0, padded = 0;
};

inline Pool3dAxis Pool3dWindow(const Pool3dGeometry& g, int i, int64_t o) {
  const Conv3dGeometry& w = g.win;
  Pool3dAxis a;
  if (g.adaptive) {
    a.first = o * w.in[i] / w.out[i];
    const int64_t end = ((o + 1) * w.in[i] + w.out[i] - 1) / w.out[i];
    a.count = a.padded = end - a.first;
    return a;
  }
  const int64_t start = o * w.stride[i] - w.pad[i];
  a.step = w.dilation[i];
  if (a.step == 1) {
    const int64_t e = std::min(start + w.kernel[i], w.in[i] + w.pad[i]);
    a.padded = e - start;
    a.first = std::max<int64_t>(start, 0);
    a.count = std::max<int64_t>(std::min(e, w.in[i]) - a.first, 0);
    return a;
  }
  int64_t k0 = start >= 0 ? 0 : (-start + a.step - 1) / a.step;
  int64_t k1 = w.in[i] - start <= 0 ? 0 : std::min(w.kernel[i], (w.in[i] - start + a.step - 1) / a.step);
  a.first = start + k0 * a.step;
  a.count = std::max<int64_t>(k1 - k0, 0);
  // Taps inside the input padded by the leading pad on both sides (start >= -pad always).
  a.padded = std::min(w.kernel[i], (w.in[i] + 2 * w.pad[i] + a.step - 1 - (start + w.pad[i])) / a.step);
  return a;
}

// An empty window (padding larger than the kernel) yields 0.
inline void Pool3d(const Pool3dGeometry& g, const float* x, float* y) {
  const Conv3dGeometry& w = g.win;
  const int64_t in_sz = w.in[0] * w.in[1] * w.in[2], out_sz = w.out[0] * w.out[1] * w.out[2];
  const int64_t planes = w.batch * w.in_c;
  const int threads = planes * out_sz * w.kernel[0] * w.kernel[1] * w.kernel[2] > 65536 ? MaxThreads() : 1;
  ParallelFor(planes, threads, [&](int64_t nc) {
    const float* vol = x + nc * in_sz;
    float* dst = y + nc * out_sz;
    for (int64_t od = 0; od < w.out[0]; ++od) {
      const Pool3dAxis ad = Pool3dWindow(g, 0, od);
      for (int64_t oh = 0; oh < w.out[1]; ++oh) {
        const Pool3dAxis ah = Pool3dWindow(g, 1, oh);
        for (int64_t ow = 0; ow < w.out[2]; ++ow) {
          const Pool3dAxis aw = Pool3dWindow(g, 2, ow);
          float v = 0.f;
          if (ad.count > 0 && ah.count > 0 && aw.count > 0) {
            float acc = g.is_max ? vol[(ad.first * w.in[1] + ah.first) * w.in[2] + aw.first] : 0.f;
            for (int64_t a = 0; a < ad.count; ++a)
              for (int64_t b = 0; b < ah.count; ++b) {
                const float* row = vol + ((ad.first + a * ad.step) * w.in[1] + ah.first + b * ah.step) * w.in[2] + aw.first;
                if (g.lp > 0.f) {
                  for (int64_t c = 0; c < aw.count; ++c) acc += LpTerm(row[c * aw.step], g.lp);
                } else if (g.is_max) {
                  for (int64_t c = 0; c < aw.count; ++c) acc = std::max(acc, row[c * aw.step]);
                } else {
                  for (int64_t c = 0; c < aw.count; ++c) acc += row[c * aw.step];
                }
              }
            if (g.lp > 0.f) {
              v = LpRoot(acc, g.lp);
            } else if (g.is_max) {
              v = acc;
            } else {
              const int64_t n = (g.exclusive || g.adaptive) ? ad.count * ah.count * aw.count
                                                            : ad.padded * ah.padded * aw.padded;
              v = acc / static_cast<float>(n);
            }
          }
          dst[(od * w.out[1] + oh) * w.out[2] + ow] = v;
        }
      }
    }
  });
}

namespace ref {
// The plain loop: every output, every tap of its window, a bounds check per tap (fixed windows only).
inline std::vector<float> Pool3d(const Pool3dGeometry& g, const std::vector<float>& x) {
  const Conv3dGeometry& w = g.win;
  std::vector<float> y;
  for (int64_t nc = 0; nc < w.batch * w.in_c; ++nc)
    for (int64_t od = 0; od < w.out[0]; ++od)
      for (int64_t oh = 0; oh < w.out[1]; ++oh)
        for (int64_t ow = 0; ow < w.out[2]; ++ow) {
          double acc = 0;
          bool any = false;
          int64_t n = 0, padded = 0;  // taps in the input; taps in it padded by the leading pads on both sides
          for (int64_t kd = 0; kd < w.kernel[0]; ++kd)
            for (int64_t kh = 0; kh < w.kernel[1]; ++kh)
              for (int64_t kw = 0; kw < w.kernel[2]; ++kw) {
                int64_t id = od * w.stride[0] - w.pad[0] + kd * w.dilation[0];
                int64_t ih = oh * w.stride[1] - w.pad[1] + kh * w.dilation[1];
                int64_t iw = ow * w.stride[2] - w.pad[2] + kw * w.dilation[2];
                if (id < w.in[0] + w.pad[0] && ih < w.in[1] + w.pad[1] && iw < w.in[2] + w.pad[2]) ++padded;
                if (id < 0 || id >= w.in[0] || ih < 0 || ih >= w.in[1] || iw < 0 || iw >= w.in[2]) continue;
                double v = x[static_cast<size_t>(((nc * w.in[0] + id) * w.in[1] + ih) * w.in[2] + iw)];
                acc = g.is_max ? (any ? std::max(acc, v) : v) : acc + v;
                any = true;
                ++n;
              }
          if (!any) y.push_back(0.f);
          else if (g.is_max) y.push_back(static_cast<float>(acc));
          else y.push_back(static_cast<float>(acc / static_cast<double>(g.exclusive ? n : padded)));
        }
  return y;
}
}  // namespace ref

}  // namespace ember
