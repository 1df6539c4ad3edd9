// Portable conv3d_transpose as a gather (each output sums the input positions whose taps land on it, so
// outputs are independent and run in parallel) and the plain scatter reference.
#pragma once

#include <cstdint>
#include <vector>

#include "framework/parallel.h"
#include "operators/conv3d_transpose_op.h"

namespace ember {

inline void Conv3dTranspose(const Conv3dGeometry& g, const float* x, const float* w, const float* bias, float* y) {
  const int64_t icg = g.in_c / g.groups, ocg = g.out_c / g.groups;
  const int64_t in_sz = g.in[0] * g.in[1] * g.in[2], out_sz = g.out[0] * g.out[1] * g.out[2];
  const int64_t ksz = g.kernel[0] * g.kernel[1] * g.kernel[2];
  // For output coordinate o along dim i, the taps k with (o + pad - k * dil) divisible by stride and the
  // quotient (the input coordinate) in [0, in).
  auto taps = [&](int i, int64_t o, int64_t* ks, int64_t* is) {
    int n = 0;
    for (int64_t k = 0; k < g.kernel[i]; ++k) {
      const int64_t t = o + g.pad[i] - k * g.dilation[i];
      if (t < 0 || t % g.stride[i] != 0 || t / g.stride[i] >= g.in[i]) continue;
      ks[n] = k;
      is[n++] = t / g.stride[i];
    }
    return n;
  };
  ParallelFor(g.batch * g.out_c, (g.batch * g.out_c * out_sz * icg * ksz > 65536) ? MaxThreads() : 1, [&](int64_t no) {
    const int64_t n = no / g.out_c, oc = no % g.out_c, grp = oc / ocg, ocl = oc % ocg;
    std::vector<int64_t> buf(static_cast<size_t>(6 * (g.kernel[0] + g.kernel[1] + g.kernel[2])));
    int64_t *kd = buf.data(), *id = kd + g.kernel[0], *kh = id + g.kernel[0], *ih = kh + g.kernel[1];
    int64_t *kw = ih + g.kernel[1], *iw = kw + g.kernel[2];
    const float* xg = x + (n * g.in_c + grp * icg) * in_sz;
    float* dst = y + no * out_sz;
    const float b = bias ? bias[oc] : 0.f;
    for (int64_t od = 0; od < g.out[0]; ++od) {
      const int nd = taps(0, od, kd, id);
      for (int64_t oh = 0; oh < g.out[1]; ++oh) {
        const int nh = taps(1, oh, kh, ih);
        for (int64_t ow = 0; ow < g.out[2]; ++ow) {
          const int nw = taps(2, ow, kw, iw);
          float acc = b;
          for (int64_t ic = 0; ic < icg; ++ic) {
            const float* xc = xg + ic * in_sz;
            const float* wc = w + ((grp * icg + ic) * ocg + ocl) * ksz;
            for (int a = 0; a < nd; ++a)
              for (int c = 0; c < nh; ++c) {
                const float* row = xc + (id[a] * g.in[1] + ih[c]) * g.in[2];
                const float* wr = wc + (kd[a] * g.kernel[1] + kh[c]) * g.kernel[2];
                for (int e = 0; e < nw; ++e) acc += row[iw[e]] * wr[kw[e]];
              }
          }
          dst[(od * g.out[1] + oh) * g.out[2] + ow] = acc;
        }
      }
    }
  });
}

namespace ref {
// The plain scatter in double: each input element times each tap, added at its output position.
inline std::vector<double> Conv3dTranspose(const Conv3dGeometry& g, const std::vector<float>& x,
                                           const std::vector<float>& w, const float* bias) {
  const int64_t icg = g.in_c / g.groups, ocg = g.out_c / g.groups;
  const int64_t out_sz = g.out[0] * g.out[1] * g.out[2];
  std::vector<double> y(static_cast<size_t>(g.batch * g.out_c * out_sz), 0.0);
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t oc = 0; oc < g.out_c; ++oc)
      for (int64_t i = 0; i < out_sz; ++i) y[static_cast<size_t>((n * g.out_c + oc) * out_sz + i)] = bias ? bias[oc] : 0.0;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t ic = 0; ic < g.in_c; ++ic)
      for (int64_t id = 0; id < g.in[0]; ++id)
        for (int64_t ih = 0; ih < g.in[1]; ++ih)
          for (int64_t iw = 0; iw < g.in[2]; ++iw) {
            const double v = x[static_cast<size_t>((((n * g.in_c + ic) * g.in[0] + id) * g.in[1] + ih) * g.in[2] + iw)];
            const int64_t grp = ic / icg;
            for (int64_t ocl = 0; ocl < ocg; ++ocl)
              for (int64_t kd = 0; kd < g.kernel[0]; ++kd)
                for (int64_t kh = 0; kh < g.kernel[1]; ++kh)
                  for (int64_t kw = 0; kw < g.kernel[2]; ++kw) {
                    int64_t od = id * g.stride[0] - g.pad[0] + kd * g.dilation[0];
                    int64_t oh = ih * g.stride[1] - g.pad[1] + kh * g.dilation[1];
                    int64_t ow = iw * g.stride[2] - g.pad[2] + kw * g.dilation[2];
                    if (od < 0 || od >= g.out[0] || oh < 0 || oh >= g.out[1] || ow < 0 || ow >= g.out[2]) continue;
                    const int64_t oc = grp * ocg + ocl;
                    y[static_cast<size_t>((n * g.out_c + oc) * out_sz + (od * g.out[1] + oh) * g.out[2] + ow)] +=
                        v * w[static_cast<size_t>((((ic * ocg + ocl) * g.kernel[0] + kd) * g.kernel[1] + kh) * g.kernel[2] + kw)];
                  }
          }
  return y;
}
}  // namespace ref

}  // namespace ember
