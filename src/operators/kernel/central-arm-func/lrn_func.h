// Portable lrn: per image, the window sum of squares slides across channels (add the entering channel,
// drop the leaving one), then Out = X * Mid^-beta. namespace ref holds the direct window sum.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ember {

// x, out, mid are [batch, channels, hw].
inline void Lrn(const float* x, int64_t batch, int64_t channels, int64_t hw, int64_t n, float k, float alpha,
                float beta, float* out, float* mid) {
  const int64_t half = (n - 1) / 2;
#pragma omp parallel for if (batch * channels * hw > 65536)
  for (int64_t b = 0; b < batch; ++b) {
    const float* xb = x + b * channels * hw;
    float* mb = mid + b * channels * hw;
    std::vector<float> sq(static_cast<size_t>(hw), 0.f);  // the window's running sum of squares
    for (int64_t c = 0; c < std::min(half, channels); ++c)
      for (int64_t i = 0; i < hw; ++i) sq[i] += xb[c * hw + i] * xb[c * hw + i];
    for (int64_t c = 0; c < channels; ++c) {
      const int64_t enter = c + half, leave = c - half - 1;
      if (enter < channels)
        for (int64_t i = 0; i < hw; ++i) sq[i] += xb[enter * hw + i] * xb[enter * hw + i];
      if (leave >= 0)
        for (int64_t i = 0; i < hw; ++i) sq[i] -= xb[leave * hw + i] * xb[leave * hw + i];
      for (int64_t i = 0; i < hw; ++i) mb[c * hw + i] = k + alpha * sq[i];
    }
  }
  const int64_t total = batch * channels * hw;
#pragma omp parallel for if (total > 65536)
  for (int64_t i = 0; i < total; ++i) out[i] = x[i] * std::pow(mid[i], -beta);
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
