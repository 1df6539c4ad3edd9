// Portable lrn: per image, the window sum of squares slides across channels (add the entering channel,
// drop the leaving one), and Out = X * Mid^-beta follows channel by channel. namespace ref holds the direct window sum.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "framework/parallel.h"

namespace ember {

// out = x * m^-beta. beta 0.75 (AlexNet, GoogLeNet), 0.5 and 1 go through sqrt and division, which vectorize
// (lrn_kernel.cpp is built with -fno-math-errno) and are exact to a few ulp; std::pow per element made lrn a
// quarter of googlenet's time. Other betas use std::pow.
inline void LrnScale(const float* x, const float* m, float* out, int64_t n, float beta) {
  if (beta == 0.75f) {
    for (int64_t i = 0; i < n; ++i) {
      const float s = std::sqrt(m[i]);
      out[i] = x[i] / (s * std::sqrt(s));
    }
  } else if (beta == 0.5f) {
    for (int64_t i = 0; i < n; ++i) out[i] = x[i] / std::sqrt(m[i]);
  } else if (beta == 1.f) {
    for (int64_t i = 0; i < n; ++i) out[i] = x[i] / m[i];
  } else {
    for (int64_t i = 0; i < n; ++i) out[i] = x[i] * std::pow(m[i], -beta);
  }
}

// x, out, mid are [batch, channels, hw]. Tasks are (image, chunk of positions); each slides its window sum
// across the channels and scales each channel's chunk while it is in cache.
inline void Lrn(const float* x, int64_t batch, int64_t channels, int64_t hw, int64_t n, float k, float alpha,
                float beta, float* out, float* mid) {
  constexpr int64_t kChunk = 1024;
  const int64_t half = (n - 1) / 2, chunks = (hw + kChunk - 1) / kChunk;
  ParallelFor(batch * chunks, (batch * channels * hw > 65536) ? MaxThreads() : 1, [&](int64_t t) {
    const int64_t b = t / chunks, i0 = t % chunks * kChunk, len = std::min(kChunk, hw - i0);
    const int64_t base = b * channels * hw + i0;
    const float* xb = x + base;
    float sq[kChunk];  // the window's running sum of squares
    std::fill(sq, sq + len, 0.f);
    for (int64_t c = 0; c < std::min(half, channels); ++c)
      for (int64_t i = 0; i < len; ++i) sq[i] += xb[c * hw + i] * xb[c * hw + i];
    for (int64_t c = 0; c < channels; ++c) {
      const int64_t enter = c + half, leave = c - half - 1;
      if (enter < channels)
        for (int64_t i = 0; i < len; ++i) sq[i] += xb[enter * hw + i] * xb[enter * hw + i];
      if (leave >= 0)
        for (int64_t i = 0; i < len; ++i) sq[i] -= xb[leave * hw + i] * xb[leave * hw + i];
      float* m = mid + base + c * hw;
      for (int64_t i = 0; i < len; ++i) m[i] = k + alpha * sq[i];
      LrnScale(xb + c * hw, m, out + base + c * hw, len, beta);
    }
  });
}

namespace ref {
inline void Lrn(const float* x, int64_t batch, int64_t channels, int64_t hw, int64_t n, float k, float alpha,
                float beta, float* out, float* mid) {
  const int64_t half = (n - 1) / 2;
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t i = 0; i < hw; ++i) {
        double sum = 0;
        for (int64_t j = std::max<int64_t>(0, c - half); j <= std::min(channels - 1, c + half); ++j) {
          const double v = x[(b * channels + j) * hw + i];
          sum += v * v;
        }
        const int64_t at = (b * channels + c) * hw + i;
        mid[at] = static_cast<float>(k + alpha * sum);
        out[at] = static_cast<float>(x[at] * std::pow(k + alpha * sum, -static_cast<double>(beta)));
      }
}
}  // namespace ref

}  // namespace ember
