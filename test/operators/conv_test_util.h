// Shared by the conv kernel tests of both instruction-set folders: the activations they fuse, the error scale.
#pragma once

#include <cmath>
#include <vector>

#include "operators/activation_op.h"
#include "operators/kernel/central-arm-func/conv_func.h"

namespace ember {
namespace test {

// The conv kernel tests' activations by index: 0 none, 1 relu, 2 relu6 with a low threshold (0.5, so the
// clamp is exercised), 3 leaky_relu 0.1, 4 hard_swish (applied after the kernel, never fused).
inline ActivationSpec ConvTestActivation(int i) {
  ActivationSpec a;
  if (i == 1) a.type = ActivationType::kRelu;
  if (i == 2) a.type = ActivationType::kRelu6, a.a = 0.5f;
  if (i == 3) a.type = ActivationType::kLeakyRelu, a.a = 0.1f;
  if (i == 4) a.type = ActivationType::kHardSwish, a.a = 6.f, a.b = 6.f, a.c = 3.f;
  return a;
}

// A 1x1 conv (k == 1: groups 1, cout outputs) or a depthwise k x k one (groups = c) of stride s and pads
// top / left / bottom / right, the packed-layout kernels' two shapes. Its output may be empty (a caller skips it).
inline ConvGeometry PwDwGeo(int64_t n, int64_t c, int64_t h, int64_t w, int64_t cout, int64_t k, int64_t s,
                            int64_t pt, int64_t pl, int64_t pb, int64_t pr) {
  ConvGeometry g;
  g.batch = n, g.in_c = c, g.in_h = h, g.in_w = w, g.out_c = cout;
  g.groups = k == 1 ? 1 : c;
  g.kernel_h = g.kernel_w = k;
  g.stride_h = g.stride_w = s;
  g.pad_top = pt, g.pad_left = pl, g.pad_bottom = pb, g.pad_right = pr;
  g.out_h = (h + pt + pb - k) / s + 1;
  g.out_w = (w + pl + pr - k) / s + 1;
  return g;
}

// Magnitude per output of conv `g`: the same conv on |x|, |w| and |b| (ref::Conv2d, no activation). It bounds
// the float error of any summation order, so kernels are checked against want within 1e-5 * (1 + mag).
inline std::vector<float> ConvErrorMagnitude(const ConvGeometry& g, const std::vector<float>& x,
                                             const std::vector<float>& w, const std::vector<float>& b) {
  auto abs = [](const std::vector<float>& v) {
    std::vector<float> a(v.size());
    for (size_t i = 0; i < v.size(); ++i) a[i] = std::fabs(v[i]);
    return a;
  };
  const std::vector<float> ax = abs(x), aw = abs(w), ab = abs(b);
  std::vector<float> mag(static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w));
  ref::Conv2d(g, ax.data(), aw.data(), ab.data(), ConvTestActivation(0), mag.data());
  return mag;
}

}  // namespace test
}  // namespace ember
