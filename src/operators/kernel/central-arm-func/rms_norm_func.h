// Portable rms_norm over rows of [left, right]: the mean square in double, then one scaling pass. The tests
// compare against an independent loop.
#pragma once

#include <cmath>
#include <cstdint>

#include "framework/parallel.h"

namespace ember {

// scale may be nullptr (1).
inline void RmsNorm(const float* x, const float* scale, float epsilon, int64_t left, int64_t right, float* y) {
  ParallelFor(left, (left * right > 65536) ? MaxThreads() : 1, [&](int64_t r) {
    const float* src = x + r * right;
    float* dst = y + r * right;
    double sq = 0;
    for (int64_t k = 0; k < right; ++k) sq += static_cast<double>(src[k]) * src[k];
    const float inv = static_cast<float>(1.0 / std::sqrt(sq / static_cast<double>(right) + epsilon));
    if (scale) {
      for (int64_t k = 0; k < right; ++k) dst[k] = src[k] * inv * scale[k];
    } else {
      for (int64_t k = 0; k < right; ++k) dst[k] = src[k] * inv;
    }
  });
}

}  // namespace ember
