// Portable instance_norm: per (n, c) plane, two-pass mean and variance, then one affine pass. This loop
// is its own reference; the tests compare against an independent loop.
#pragma once

#include <cmath>
#include <cstdint>

#include "framework/parallel.h"

namespace ember {

// scale / bias may be nullptr (1 / 0); saved_mean / saved_inv_std may be nullptr.
inline void InstanceNorm(const float* x, const float* scale, const float* bias, float epsilon, int64_t batch,
                         int64_t channels, int64_t size, float* y, float* saved_mean, float* saved_inv_std) {
  ParallelFor(batch * channels, (batch * channels * size > 65536) ? MaxThreads() : 1, [&](int64_t nc) {
    const int64_t c = nc % channels;
    const float* src = x + nc * size;
    float* dst = y + nc * size;
    double sum = 0;
    for (int64_t k = 0; k < size; ++k) sum += src[k];
    const double mean = sum / static_cast<double>(size);
    double sq = 0;
    for (int64_t k = 0; k < size; ++k) sq += (src[k] - mean) * (src[k] - mean);
    const double inv_std = 1.0 / std::sqrt(sq / static_cast<double>(size) + epsilon);
    const float a = static_cast<float>(inv_std * (scale ? scale[c] : 1.f));
    const float b = static_cast<float>((bias ? bias[c] : 0.f) - mean * a);
    for (int64_t k = 0; k < size; ++k) dst[k] = src[k] * a + b;
    if (saved_mean) saved_mean[nc] = static_cast<float>(mean);
    if (saved_inv_std) saved_inv_std[nc] = static_cast<float>(inv_std);
  });
}

}  // namespace ember
