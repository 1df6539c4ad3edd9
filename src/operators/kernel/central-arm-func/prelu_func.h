// Portable prelu, shared by every device. X is viewed as [batch, channels, inner]; each mode picks the
// alpha of an element from that view. The tests compare with a plain loop of their own.
#pragma once

#include <cstdint>

#include "framework/parallel.h"
#include "operators/prelu_op.h"

namespace ember {

inline void PreluCompute(PreluMode mode, const float* x, const float* alpha, float* y, int64_t batch,
                         int64_t channels, int64_t inner) {
  const int64_t rows = batch * channels;
  ParallelFor(rows, (rows * inner > 65536) ? MaxThreads() : 1, [&](int64_t r) {
    const int64_t c = r % channels;
    const float* xr = x + r * inner;
    float* yr = y + r * inner;
    if (mode == PreluMode::kElement) {
      const float* ar = alpha + c * inner;
      for (int64_t i = 0; i < inner; ++i) yr[i] = xr[i] > 0.f ? xr[i] : ar[i] * xr[i];
    } else {
      const float a = mode == PreluMode::kChannel ? alpha[c] : alpha[0];
      for (int64_t i = 0; i < inner; ++i) yr[i] = xr[i] > 0.f ? xr[i] : a * xr[i];
    }
  });
}

}  // namespace ember
