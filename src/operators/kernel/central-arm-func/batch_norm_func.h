// Portable inference batch_norm: the statistics fold into a per-channel scale and shift once, and the
// compute is one multiply-add per element. namespace ref holds the formula as written.
#pragma once

#include <cmath>
#include <cstdint>

#include "framework/parallel.h"

namespace ember {

// scale_out[c] = scale[c] / sqrt(var[c] + eps); shift_out[c] = bias[c] - mean[c] * scale_out[c].
inline void FoldBatchNorm(const float* scale, const float* bias, const float* mean, const float* var,
                          float epsilon, int64_t channels, float* scale_out, float* shift_out) {
  for (int64_t c = 0; c < channels; ++c) {
    scale_out[c] = static_cast<float>(scale[c] / std::sqrt(static_cast<double>(var[c]) + epsilon));
    shift_out[c] = bias[c] - mean[c] * scale_out[c];
  }
}

// y = x * scale[c] + shift[c] over [outer, channels, inner].
inline void ChannelAffine(const float* x, const float* scale, const float* shift, int64_t outer,
                          int64_t channels, int64_t inner, float* y) {
  ParallelFor(outer * channels, (outer * channels * inner > 65536) ? MaxThreads() : 1, [&](int64_t oc) {
    const int64_t c = oc % channels;
    const float a = scale[c], b = shift[c];
    const float* src = x + oc * inner;
    float* dst = y + oc * inner;
    for (int64_t k = 0; k < inner; ++k) dst[k] = src[k] * a + b;
  });
}

namespace ref {
inline void BatchNorm(const float* x, const float* scale, const float* bias, const float* mean, const float* var,
                      float epsilon, int64_t outer, int64_t channels, int64_t inner, float* y) {
  for (int64_t n = 0; n < outer; ++n)
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t k = 0; k < inner; ++k) {
        const int64_t i = (n * channels + c) * inner + k;
        y[i] = static_cast<float>((x[i] - mean[c]) / std::sqrt(static_cast<double>(var[c]) + epsilon) *
                                      scale[c] + bias[c]);
      }
}
}  // namespace ref

}  // namespace ember
