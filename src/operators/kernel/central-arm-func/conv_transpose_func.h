// Portable conv2d_transpose: per image and group, col = W_g^T x_g by Sgemm, then col2im scatters the
// columns into the output; bias and fused activation follow in one pass. namespace ref holds the naive
// scatter loop the tests compare against.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "operators/conv_transpose_op.h"
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
#pragma omp parallel for if (channels * out_hw * g.kernel_h * g.kernel_w > 65536)
  for (int64_t c = 0; c < channels; ++c) {
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
  }
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
