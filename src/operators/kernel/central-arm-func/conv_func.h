// Portable conv2d: im2col + Sgemm per image and group (1x1 stride-1 unpadded convs skip im2col), and a
// direct depthwise path. The bias and fused activation are applied in one pass over the output.
// namespace ref holds the naive 7-loop convolution the tests compare against.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "framework/parallel.h"
#include "operators/conv_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/gemm_func.h"

namespace ember {

// Output positions o in [0, out) whose input index o * stride + offset lies in [0, in): [*begin, *end).
inline void ConvValidRange(int64_t offset, int64_t stride, int64_t in, int64_t out, int64_t* begin,
                           int64_t* end) {
  int64_t b = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
  int64_t e = in - offset <= 0 ? 0 : (in - offset + stride - 1) / stride;
  *begin = std::min(b, out);
  *end = std::max(*begin, std::min(e, out));
}

// Unfolds `channels` planes of one image into col[(c * kh + i) * kw + j][oh * out_w + ow] (zero where
// the window reads padding).
inline void Im2Col(const ConvGeometry& g, const float* image, int64_t channels, float* col) {
  const int64_t out_hw = g.out_h * g.out_w;
  const int64_t rows = channels * g.kernel_h * g.kernel_w;
  ParallelFor(rows, (rows * out_hw > 65536) ? MaxThreads() : 1, [&](int64_t r) {
    const int64_t j = r % g.kernel_w, i = (r / g.kernel_w) % g.kernel_h, c = r / (g.kernel_w * g.kernel_h);
    const float* plane = image + c * g.in_h * g.in_w;
    const int64_t col_off = j * g.dilation_w - g.pad_left;
    int64_t ow0, ow1;
    ConvValidRange(col_off, g.stride_w, g.in_w, g.out_w, &ow0, &ow1);
    float* dst = col + r * out_hw;
    for (int64_t oh = 0; oh < g.out_h; ++oh, dst += g.out_w) {
      const int64_t ih = oh * g.stride_h - g.pad_top + i * g.dilation_h;
      if (ih < 0 || ih >= g.in_h) {
        std::fill(dst, dst + g.out_w, 0.f);
        continue;
      }
      const float* src = plane + ih * g.in_w + col_off;
      std::fill(dst, dst + ow0, 0.f);
      for (int64_t ow = ow0; ow < ow1; ++ow) dst[ow] = src[ow * g.stride_w];
      std::fill(dst + ow1, dst + g.out_w, 0.f);
    }
  });
}

// out[n][c][:] = act(out[n][c][:] + bias[c]) over a whole NCHW output.
inline void ConvBiasActivation(const ActivationSpec& act, const float* bias, int64_t batch, int64_t channels,
                               int64_t hw, float* out) {
  ParallelFor(batch * channels, (batch * channels * hw > 65536) ? MaxThreads() : 1, [&](int64_t nc) {
    const float b = bias[nc % channels];
    float* y = out + nc * hw;
    for (int64_t k = 0; k < hw; ++k) y[k] += b;
    ActivateRow(act, y, hw);
  });
}

// Grouped convolution through GEMM: per image and group, W_g [Cout/g x K] * col [K x OH*OW].
// `filter` is [Cout, Cin/g * kh * kw]; `scratch` holds the im2col buffer.
inline void ConvGemm(const ConvGeometry& g, const float* filter, const float* bias, const ActivationSpec& act,
                     const float* input, float* output, std::vector<float>* scratch) {
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups;
  const int64_t K = cin_g * g.kernel_h * g.kernel_w, out_hw = g.out_h * g.out_w, in_hw = g.in_h * g.in_w;
  // A 1x1 stride-1 unpadded conv reads the image as the col matrix directly.
  const bool direct = g.kernel_h == 1 && g.kernel_w == 1 && g.stride_h == 1 && g.stride_w == 1 &&
                      g.pad_top == 0 && g.pad_bottom == 0 && g.pad_left == 0 && g.pad_right == 0;
  if (!direct) scratch->resize(static_cast<size_t>(K * out_hw));
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      const float* x = input + (n * g.in_c + grp * cin_g) * in_hw;
      float* y = output + (n * g.out_c + grp * cout_g) * out_hw;
      const float* col = x;
      if (!direct) {
        Im2Col(g, x, cin_g, scratch->data());
        col = scratch->data();
      }
      Sgemm(false, false, cout_g, out_hw, K, 1.f, filter + grp * cout_g * K, K, col, out_hw, 0.f, y, out_hw);
    }
  }
  ConvBiasActivation(act, bias, g.batch, g.out_c, out_hw, output);
}

// True when each output channel reads exactly its own input channel (groups == C == Cout).
inline bool IsDepthwise(const ConvGeometry& g) { return g.groups == g.in_c && g.out_c == g.in_c && g.groups > 1; }

// Direct depthwise convolution: each output row accumulates kernel taps along contiguous input rows.
inline void ConvDepthwise(const ConvGeometry& g, const float* filter, const float* bias, const ActivationSpec& act,
                          const float* input, float* output) {
  const int64_t in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w, taps = g.kernel_h * g.kernel_w;
  ParallelFor(g.batch * g.in_c, (g.batch * g.in_c * out_hw * taps > 32768) ? MaxThreads() : 1, [&](int64_t nc) {
    const int64_t c = nc % g.in_c;
    const float* x = input + nc * in_hw;
    const float* w = filter + c * taps;
    float* y = output + nc * out_hw;
    std::fill(y, y + out_hw, bias[c]);
    for (int64_t oh = 0; oh < g.out_h; ++oh) {
      float* yrow = y + oh * g.out_w;
      for (int64_t i = 0; i < g.kernel_h; ++i) {
        const int64_t ih = oh * g.stride_h - g.pad_top + i * g.dilation_h;
        if (ih < 0 || ih >= g.in_h) continue;
        for (int64_t j = 0; j < g.kernel_w; ++j) {
          const int64_t off = j * g.dilation_w - g.pad_left;
          int64_t ow0, ow1;
          ConvValidRange(off, g.stride_w, g.in_w, g.out_w, &ow0, &ow1);
          const float wv = w[i * g.kernel_w + j];
          const float* xrow = x + ih * g.in_w + off;
          if (g.stride_w == 1) {
            for (int64_t ow = ow0; ow < ow1; ++ow) yrow[ow] += wv * xrow[ow];
          } else {
            for (int64_t ow = ow0; ow < ow1; ++ow) yrow[ow] += wv * xrow[ow * g.stride_w];
          }
        }
      }
    }
    ActivateRow(act, y, out_hw);
  });
}

namespace ref {
// The naive convolution: every output element sums its window in double. bias may be nullptr.
inline void Conv2d(const ConvGeometry& g, const float* input, const float* filter, const float* bias,
                   const ActivationSpec& act, float* output) {
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups;
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t oc = 0; oc < g.out_c; ++oc)
      for (int64_t oh = 0; oh < g.out_h; ++oh)
        for (int64_t ow = 0; ow < g.out_w; ++ow) {
          const int64_t grp = oc / cout_g;
          double acc = bias ? bias[oc] : 0.0;
          for (int64_t ic = 0; ic < cin_g; ++ic)
            for (int64_t i = 0; i < g.kernel_h; ++i)
              for (int64_t j = 0; j < g.kernel_w; ++j) {
                const int64_t ih = oh * g.stride_h - g.pad_top + i * g.dilation_h;
                const int64_t iw = ow * g.stride_w - g.pad_left + j * g.dilation_w;
                if (ih < 0 || ih >= g.in_h || iw < 0 || iw >= g.in_w) continue;
                acc += static_cast<double>(
                           input[((n * g.in_c + grp * cin_g + ic) * g.in_h + ih) * g.in_w + iw]) *
                       filter[((oc * cin_g + ic) * g.kernel_h + i) * g.kernel_w + j];
              }
          output[((n * g.out_c + oc) * g.out_h + oh) * g.out_w + ow] =
              ApplyActivation(act, static_cast<float>(acc));
        }
}
}  // namespace ref

}  // namespace ember
