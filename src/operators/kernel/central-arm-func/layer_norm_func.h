// Portable layer_norm over rows of [left, right]: two-pass mean and variance per row, then one affine
// pass. This loop is its own reference; the tests compare against an independent loop.
#pragma once

#include <cmath>
#include <cstdint>

#include "framework/parallel.h"

namespace ember {

// scale / bias may be nullptr (1 / 0); mean_out / var_out may be nullptr.
inline void LayerNorm(const float* x, const float* scale, const float* bias, float epsilon, int64_t left,
                      int64_t right, float* y, float* mean_out, float* var_out) {
  ParallelFor(left, (left * right > 65536) ? MaxThreads() : 1, [&](int64_t r) {
    const float* src = x + r * right;
    float* dst = y + r * right;
    double sum = 0;
    for (int64_t k = 0; k < right; ++k) sum += src[k];
    const double mean = sum / static_cast<double>(right);
    double sq = 0;
    for (int64_t k = 0; k < right; ++k) sq += (src[k] - mean) * (src[k] - mean);
    const double var = sq / static_cast<double>(right);
    const float inv_std = static_cast<float>(1.0 / std::sqrt(var + epsilon));
    const float m = static_cast<float>(mean);
    for (int64_t k = 0; k < right; ++k) {
      float v = (src[k] - m) * inv_std;
      if (scale) v *= scale[k];
      if (bias) v += bias[k];
      dst[k] = v;
    }
    if (mean_out) mean_out[r] = m;
    if (var_out) var_out[r] = static_cast<float>(var);
  });
}

}  // namespace ember
