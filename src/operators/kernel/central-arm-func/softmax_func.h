// Portable softmax / log_softmax over X viewed as [outer, axis_size, inner], shared by every device, and
// the plain reference the tests compare against.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "framework/parallel.h"

namespace ember {

// Contiguous axis (inner == 1): one row at a time.
inline void SoftmaxRow(const float* x, float* y, int64_t n, bool log) {
  float mx = x[0];
  for (int64_t k = 1; k < n; ++k) mx = std::max(mx, x[k]);
  float sum = 0.f;
  if (log) {
    for (int64_t k = 0; k < n; ++k) sum += std::exp(x[k] - mx);
    const float shift = mx + std::log(sum);
    for (int64_t k = 0; k < n; ++k) y[k] = x[k] - shift;
  } else {
    for (int64_t k = 0; k < n; ++k) {
      y[k] = std::exp(x[k] - mx);
      sum += y[k];
    }
    const float inv = 1.f / sum;
    for (int64_t k = 0; k < n; ++k) y[k] *= inv;
  }
}

// Strided axis: walks the axis with whole inner rows so the inner loops stay contiguous.
inline void SoftmaxBlock(const float* x, float* y, int64_t n, int64_t inner, bool log, float* mx, float* sum) {
  std::copy(x, x + inner, mx);
  for (int64_t k = 1; k < n; ++k)
    for (int64_t i = 0; i < inner; ++i) mx[i] = std::max(mx[i], x[k * inner + i]);
  std::fill(sum, sum + inner, 0.f);
  for (int64_t k = 0; k < n; ++k)
    for (int64_t i = 0; i < inner; ++i) {
      const float e = std::exp(x[k * inner + i] - mx[i]);
      if (!log) y[k * inner + i] = e;
      sum[i] += e;
    }
  if (log) {
    for (int64_t i = 0; i < inner; ++i) mx[i] += std::log(sum[i]);
    for (int64_t k = 0; k < n; ++k)
      for (int64_t i = 0; i < inner; ++i) y[k * inner + i] = x[k * inner + i] - mx[i];
  } else {
    for (int64_t i = 0; i < inner; ++i) sum[i] = 1.f / sum[i];
    for (int64_t k = 0; k < n; ++k)
      for (int64_t i = 0; i < inner; ++i) y[k * inner + i] *= sum[i];
  }
}

inline void SoftmaxCompute(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log) {
  if (outer * n * inner == 0) return;
  if (inner == 1) {
    ParallelFor(outer, outer * n > 16384 ? MaxThreads() : 1,
                [&](int64_t o) { SoftmaxRow(x + o * n, y + o * n, n, log); });
    return;
  }
  ParallelFor(outer, outer > 1 && outer * n * inner > 16384 ? MaxThreads() : 1, [&](int64_t o) {
    thread_local std::vector<float> mx, sum;
    mx.resize(static_cast<size_t>(inner));
    sum.resize(static_cast<size_t>(inner));
    SoftmaxBlock(x + o * n * inner, y + o * n * inner, n, inner, log, mx.data(), sum.data());
  });
}

namespace ref {

// One (outer, inner) position at a time, in double.
inline void Softmax(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log) {
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      auto at = [&](int64_t k) { return (o * n + k) * inner + i; };
      double mx = x[at(0)];
      for (int64_t k = 1; k < n; ++k) mx = std::max(mx, static_cast<double>(x[at(k)]));
      double sum = 0;
      for (int64_t k = 0; k < n; ++k) sum += std::exp(x[at(k)] - mx);
      for (int64_t k = 0; k < n; ++k)
        y[at(k)] = static_cast<float>(log ? x[at(k)] - mx - std::log(sum) : std::exp(x[at(k)] - mx) / sum);
    }
}

}  // namespace ref
}  // namespace ember
