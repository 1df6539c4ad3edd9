// Portable conv2d_integer: a direct loop accumulating in int64 (exact), its own reference.
#pragma once

#include <cstdint>

#include "operators/conv_op.h"

namespace ember {

// x and w already centered (zero points subtracted); padding contributes zeros.
inline void Conv2dInteger(const int32_t* x, const int32_t* w, const ConvGeometry& g, int32_t* y) {
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t o = 0; o < g.out_c; ++o) {
      const int64_t grp = o / cout_g;
      for (int64_t oh = 0; oh < g.out_h; ++oh)
        for (int64_t ow = 0; ow < g.out_w; ++ow) {
          int64_t acc = 0;
          for (int64_t c = 0; c < cin_g; ++c) {
            const int32_t* xc = x + (n * g.in_c + grp * cin_g + c) * g.in_h * g.in_w;
            const int32_t* wc = w + (o * cin_g + c) * g.kernel_h * g.kernel_w;
            for (int64_t kh = 0; kh < g.kernel_h; ++kh) {
              const int64_t ih = oh * g.stride_h - g.pad_top + kh * g.dilation_h;
              if (ih < 0 || ih >= g.in_h) continue;
              for (int64_t kw = 0; kw < g.kernel_w; ++kw) {
                const int64_t iw = ow * g.stride_w - g.pad_left + kw * g.dilation_w;
                if (iw < 0 || iw >= g.in_w) continue;
                acc += static_cast<int64_t>(xc[ih * g.in_w + iw]) * wc[kh * g.kernel_w + kw];
              }
            }
          }
          y[((n * g.out_c + o) * g.out_h + oh) * g.out_w + ow] = static_cast<int32_t>(acc);
        }
    }
}

}  // namespace ember
