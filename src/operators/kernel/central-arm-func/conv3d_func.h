// Portable conv3d (direct loops over the in-range taps of each output) and the plain reference loop.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "framework/parallel.h"
#include "operators/conv3d_op.h"

namespace ember {

// The taps k in [*k0, *k1) of a window starting at `start` (step `dil`) that fall inside [0, in).
inline void Conv3dTapRange(int64_t start, int64_t dil, int64_t kernel, int64_t in, int64_t* k0, int64_t* k1) {
  int64_t lo = start >= 0 ? 0 : (-start + dil - 1) / dil;
  int64_t hi = in - start <= 0 ? 0 : (in - start + dil - 1) / dil;
  *k0 = std::min(lo, kernel);
  *k1 = std::max(*k0, std::min(hi, kernel));
}

// y[n, oc, od, oh, ow] = bias[oc] + sum over the group's input channels and in-range taps.
inline void Conv3d(const Conv3dGeometry& g, const float* x, const float* w, const float* bias, float* y) {
  const int64_t icg = g.in_c / g.groups, ocg = g.out_c / g.groups;
  const int64_t in_sz = g.in[0] * g.in[1] * g.in[2], out_sz = g.out[0] * g.out[1] * g.out[2];
  const int64_t ksz = g.kernel[0] * g.kernel[1] * g.kernel[2];
  ParallelFor(g.batch * g.out_c, (g.batch * g.out_c * out_sz * icg * ksz > 65536) ? MaxThreads() : 1, [&](int64_t no) {
    const int64_t n = no / g.out_c, oc = no % g.out_c, grp = oc / ocg;
    const float* xg = x + (n * g.in_c + grp * icg) * in_sz;
    const float* wo = w + oc * icg * ksz;
    float* dst = y + no * out_sz;
    const float b = bias ? bias[oc] : 0.f;
    for (int64_t od = 0; od < g.out[0]; ++od) {
      const int64_t sd = od * g.stride[0] - g.pad[0];
      int64_t d0, d1;
      Conv3dTapRange(sd, g.dilation[0], g.kernel[0], g.in[0], &d0, &d1);
      for (int64_t oh = 0; oh < g.out[1]; ++oh) {
        const int64_t sh = oh * g.stride[1] - g.pad[1];
        int64_t h0, h1;
        Conv3dTapRange(sh, g.dilation[1], g.kernel[1], g.in[1], &h0, &h1);
        for (int64_t ow = 0; ow < g.out[2]; ++ow) {
          const int64_t sw = ow * g.stride[2] - g.pad[2];
          int64_t w0, w1;
          Conv3dTapRange(sw, g.dilation[2], g.kernel[2], g.in[2], &w0, &w1);
          float acc = b;
          for (int64_t ic = 0; ic < icg; ++ic) {
            const float* xc = xg + ic * in_sz;
            const float* wc = wo + ic * ksz;
            for (int64_t kd = d0; kd < d1; ++kd) {
              const int64_t id = sd + kd * g.dilation[0];
              for (int64_t kh = h0; kh < h1; ++kh) {
                const float* row = xc + (id * g.in[1] + sh + kh * g.dilation[1]) * g.in[2] + sw;
                const float* wr = wc + (kd * g.kernel[1] + kh) * g.kernel[2];
                for (int64_t kw = w0; kw < w1; ++kw) acc += row[kw * g.dilation[2]] * wr[kw];
              }
            }
          }
          dst[(od * g.out[1] + oh) * g.out[2] + ow] = acc;
        }
      }
    }
  });
}

namespace ref {
// The plain loop in double: every output, every tap, a bounds check per tap.
inline std::vector<double> Conv3d(const Conv3dGeometry& g, const std::vector<float>& x, const std::vector<float>& w,
                                  const float* bias) {
  const int64_t icg = g.in_c / g.groups, ocg = g.out_c / g.groups;
  std::vector<double> y(static_cast<size_t>(g.batch * g.out_c * g.out[0] * g.out[1] * g.out[2]));
  size_t o = 0;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t oc = 0; oc < g.out_c; ++oc)
      for (int64_t od = 0; od < g.out[0]; ++od)
        for (int64_t oh = 0; oh < g.out[1]; ++oh)
          for (int64_t ow = 0; ow < g.out[2]; ++ow) {
            double acc = bias ? bias[oc] : 0.0;
            for (int64_t ic = 0; ic < icg; ++ic)
              for (int64_t kd = 0; kd < g.kernel[0]; ++kd)
                for (int64_t kh = 0; kh < g.kernel[1]; ++kh)
                  for (int64_t kw = 0; kw < g.kernel[2]; ++kw) {
                    int64_t id = od * g.stride[0] - g.pad[0] + kd * g.dilation[0];
                    int64_t ih = oh * g.stride[1] - g.pad[1] + kh * g.dilation[1];
                    int64_t iw = ow * g.stride[2] - g.pad[2] + kw * g.dilation[2];
                    if (id < 0 || id >= g.in[0] || ih < 0 || ih >= g.in[1] || iw < 0 || iw >= g.in[2]) continue;
                    int64_t c = (oc / ocg) * icg + ic;
                    acc += static_cast<double>(x[static_cast<size_t>((((n * g.in_c + c) * g.in[0] + id) * g.in[1] + ih) * g.in[2] + iw)]) *
                           w[static_cast<size_t>((((oc * icg + ic) * g.kernel[0] + kd) * g.kernel[1] + kh) * g.kernel[2] + kw)];
                  }
            y[o++] = acc;
          }
  return y;
}
}  // namespace ref

}  // namespace ember
