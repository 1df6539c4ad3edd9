// Portable conv2d_transpose: per image and group, col = W_g^T x_g by Sgemm, then col2im scatters the
// columns into the output; bias and fused activation follow in one pass. namespace ref holds the naive
// scatter loop the tests compare against.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "framework/parallel.h"
#include "operators/conv_transpose_op.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/central-arm-func/gemm_func.h"

namespace ember {

// Transposes each group's filter block [Cin/g, Cout/g * kh * kw] to [Cout/g * kh * kw, Cin/g], so the
// GEMM reads it row-major.
inline void TransposeDeconvFilter(const ConvGeometry& g, const float* filter, float* out) {
  const int64_t cin_g = g.in_c / g.groups, M = (g.out_c / g.groups) * g.kernel_h * g.kernel_w;
  for (int64_t grp = 0; grp < g.groups; ++grp) {
    const float* src = filter + grp * cin_g * M;
    float* dst = out + grp * cin_g * M;
    for (int64_t k = 0; k < cin_g; ++k)
      for (int64_t m = 0; m < M; ++m) dst[m * cin_g + k] = src[k * M + m];
  }
}

// Adds col[(c * kh + i) * kw + j][h * in_w + w] into image[c][h * stride - pad + i * dilation][...]
// for `channels` output planes (out_h x out_w, zeroed here first).
inline void Col2Im(const ConvGeometry& g, const float* col, int64_t channels, float* image) {
  const int64_t in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  ParallelFor(channels, (channels * out_hw * g.kernel_h * g.kernel_w > 65536) ? MaxThreads() : 1, [&](int64_t c) {
    float* plane = image + c * out_hw;
    std::fill(plane, plane + out_hw, 0.f);
    for (int64_t i = 0; i < g.kernel_h; ++i)
      for (int64_t j = 0; j < g.kernel_w; ++j) {
        const float* src = col + ((c * g.kernel_h + i) * g.kernel_w + j) * in_hw;
        const int64_t col_off = j * g.dilation_w - g.pad_left;
        int64_t w0, w1;
        ConvValidRange(col_off, g.stride_w, g.out_w, g.in_w, &w0, &w1);
        for (int64_t h = 0; h < g.in_h; ++h) {
          const int64_t oh = h * g.stride_h - g.pad_top + i * g.dilation_h;
          if (oh < 0 || oh >= g.out_h) continue;
          float* dst = plane + oh * g.out_w + col_off;
          const float* s = src + h * g.in_w;
          for (int64_t w = w0; w < w1; ++w) dst[w * g.stride_w] += s[w];
        }
      }
  });
}

// filter_t is TransposeDeconvFilter's layout; `scratch` holds the col buffer.
inline void ConvTransposeGemm(const ConvGeometry& g, const float* filter_t, const float* bias,
                              const ActivationSpec& act, const float* input, float* output,
                              std::vector<float>* scratch) {
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups;
  const int64_t M = cout_g * g.kernel_h * g.kernel_w, in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  scratch->resize(static_cast<size_t>(M * in_hw));
  for (int64_t n = 0; n < g.batch; ++n) {
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      const float* x = input + (n * g.in_c + grp * cin_g) * in_hw;
      Sgemm(false, false, M, in_hw, cin_g, 1.f, filter_t + grp * M * cin_g, cin_g, x, in_hw, 0.f,
            scratch->data(), in_hw);
      Col2Im(g, scratch->data(), cout_g, output + (n * g.out_c + grp * cout_g) * out_hw);
    }
  }
  ConvBiasActivation(act, bias, g.batch, g.out_c, out_hw, output);
}

// Transposed convolution with one output channel per group (depthwise, or ncnn's DeconvolutionDepthWise
// upsampling 2 input channels into each output): scatters the group's input rows straight into its output
// plane, which stays in L1, then adds bias and activation there. Per-group GEMMs of depth 1-2 spent ~10x
// longer packing than multiplying.
inline bool IsOneOutputPerGroup(const ConvGeometry& g) { return g.groups > 1 && g.groups == g.out_c; }

// Rows for the dilation-1 scatter of ConvTransposeOnePerGroup. Tap j of a filter row sends input column iw
// to output column sw * iw - pad + j; taken in blocks of sw taps, block b sends t = sw * iw + r (r < sw) to
// column sw * b - pad + t with weight pat_b[t] = k[b * sw + r]. So with up[t] = x[t / sw],
//   out[ow] += sum over b of up[ow + pad - sw * b] * pat_b[ow + pad - sw * b]
// is one contiguous loop the compiler vectorizes; up and pat_b are zero outside t in [0, sw * in_w), stored
// from offset `margin` so every read stays inside. (The strided scalar scatter ran at ~3.5 cycles a product;
// a pass per block stalled on store forwarding.)
struct StridedScatterRows {
  int64_t sw, pad, in_w, out_w, blocks, margin, len, stride;  // stride: floats per padded row

  StridedScatterRows(int64_t kw, int64_t sw_, int64_t pad_, int64_t in_w_, int64_t out_w_)
      : sw(sw_), pad(pad_), in_w(in_w_), out_w(out_w_), blocks((kw + sw_ - 1) / sw_), margin(0), len(sw_ * in_w_) {
    margin = sw * blocks + std::max<int64_t>(0, out_w + pad - len) + std::max<int64_t>(0, -pad);
    stride = len + 2 * margin;
  }
  // Block patterns of one filter row k[0..kw) into pat[blocks * stride].
  void Patterns(const float* k, int64_t kw, float* pat) const {
    std::fill(pat, pat + blocks * stride, 0.f);
    for (int64_t b = 0; b < blocks; ++b)
      for (int64_t t = 0; t < len; ++t) {
        const int64_t j = b * sw + t % sw;
        pat[b * stride + margin + t] = j < kw ? k[j] : 0.f;
      }
  }
  // up[stride] for input row x (the margins must already be zero).
  void Upsample(const float* x, float* up) const {
    float* u = up + margin;
    if (sw == 2) {
      for (int64_t iw = 0; iw < in_w; ++iw) u[2 * iw] = u[2 * iw + 1] = x[iw];
      return;
    }
    for (int64_t iw = 0; iw < in_w; ++iw)
      for (int64_t r = 0; r < sw; ++r) u[iw * sw + r] = x[iw];
  }
  void Scatter(const float* up, const float* pat, float* out) const {
    const float* u = up + margin + pad;
    const float* p = pat + margin + pad;
    if (blocks == 2) {
      const float *u1 = u - sw, *p1 = p + stride - sw;
      for (int64_t ow = 0; ow < out_w; ++ow) out[ow] += u[ow] * p[ow] + u1[ow] * p1[ow];
      return;
    }
    for (int64_t b = 0; b < blocks; ++b) {
      const float *ub = u - sw * b, *pb = p + b * stride - sw * b;
      for (int64_t ow = 0; ow < out_w; ++ow) out[ow] += ub[ow] * pb[ow];
    }
  }
};

// `filter` is the op's own [Cin, 1, kh, kw] layout.
inline void ConvTransposeOnePerGroup(const ConvGeometry& g, const float* filter, const float* bias,
                                     const ActivationSpec& act, const float* input, float* output) {
  const int64_t cin_g = g.in_c / g.groups, in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  const int64_t taps = g.kernel_h * g.kernel_w;
  const StridedScatterRows rows(g.kernel_w, g.stride_w, g.pad_left, g.in_w, g.out_w);
  ParallelFor(g.batch * g.out_c, g.batch * g.in_c * in_hw * taps > 32768 ? MaxThreads() : 1, [&](int64_t no) {
    thread_local std::vector<float> up, pat;
    if (g.dilation_w == 1) {
      up.assign(static_cast<size_t>(rows.stride), 0.f);
      pat.resize(static_cast<size_t>(g.kernel_h * rows.blocks * rows.stride));
    }
    {
      const int64_t n = no / g.out_c, o = no % g.out_c;
      float* plane = output + no * out_hw;
      std::fill(plane, plane + out_hw, 0.f);
      for (int64_t q = 0; q < cin_g; ++q) {
        const int64_t ic = o * cin_g + q;
        const float* x = input + (n * g.in_c + ic) * in_hw;
        const float* w = filter + ic * taps;
        if (g.dilation_w == 1)
          for (int64_t i = 0; i < g.kernel_h; ++i)
            rows.Patterns(w + i * g.kernel_w, g.kernel_w, pat.data() + i * rows.blocks * rows.stride);
        for (int64_t h = 0; h < g.in_h; ++h) {
          const float* s = x + h * g.in_w;
          if (g.dilation_w == 1) rows.Upsample(s, up.data());
          for (int64_t i = 0; i < g.kernel_h; ++i) {
            const int64_t oh = h * g.stride_h - g.pad_top + i * g.dilation_h;
            if (oh < 0 || oh >= g.out_h) continue;
            float* out_row = plane + oh * g.out_w;
            if (g.dilation_w == 1) {
              rows.Scatter(up.data(), pat.data() + i * rows.blocks * rows.stride, out_row);
              continue;
            }
            for (int64_t j = 0; j < g.kernel_w; ++j) {
              const float k = w[i * g.kernel_w + j];
              const int64_t col_off = j * g.dilation_w - g.pad_left;
              int64_t w0, w1;
              ConvValidRange(col_off, g.stride_w, g.out_w, g.in_w, &w0, &w1);
              float* dst = out_row + col_off;
              for (int64_t iw = w0; iw < w1; ++iw) dst[iw * g.stride_w] += s[iw] * k;
            }
          }
        }
      }
      const float b = bias ? bias[o] : 0.f;
      for (int64_t t = 0; t < out_hw; ++t) plane[t] += b;
      ActivationCompute(act, plane, plane, out_hw);
    }
  });
}

namespace ref {
// The naive transposed convolution: every input element scatters its products over the output.
inline void Conv2dTranspose(const ConvGeometry& g, const float* input, const float* filter, const float* bias,
                            const ActivationSpec& act, float* output) {
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups;
  std::vector<double> acc(static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w), 0.0);
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t ic = 0; ic < g.in_c; ++ic)
      for (int64_t h = 0; h < g.in_h; ++h)
        for (int64_t w = 0; w < g.in_w; ++w) {
          const double v = input[((n * g.in_c + ic) * g.in_h + h) * g.in_w + w];
          const int64_t grp = ic / cin_g;
          for (int64_t ocl = 0; ocl < cout_g; ++ocl)
            for (int64_t i = 0; i < g.kernel_h; ++i)
              for (int64_t j = 0; j < g.kernel_w; ++j) {
                const int64_t oh = h * g.stride_h - g.pad_top + i * g.dilation_h;
                const int64_t ow = w * g.stride_w - g.pad_left + j * g.dilation_w;
                if (oh < 0 || oh >= g.out_h || ow < 0 || ow >= g.out_w) continue;
                const int64_t oc = grp * cout_g + ocl;
                acc[static_cast<size_t>(((n * g.out_c + oc) * g.out_h + oh) * g.out_w + ow)] +=
                    v * filter[((ic * cout_g + ocl) * g.kernel_h + i) * g.kernel_w + j];
              }
        }
  const int64_t hw = g.out_h * g.out_w;
  for (size_t k = 0; k < acc.size(); ++k) {
    const int64_t oc = static_cast<int64_t>(k) / hw % g.out_c;
    output[k] = ApplyActivation(act, static_cast<float>(acc[k] + (bias ? bias[oc] : 0.0)));
  }
}
}  // namespace ref

}  // namespace ember
