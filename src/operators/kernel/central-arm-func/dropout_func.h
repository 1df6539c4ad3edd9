// Portable inference dropout, shared by every device: a plain loop, so it is its own reference.
#pragma once

#include <cstdint>
#include <cstring>

#include "framework/parallel.h"

namespace ember {

inline void DropoutCompute(const float* x, float* y, int64_t n, float factor) {
  if (factor == 1.f) {
    if (x != y && n > 0) std::memcpy(y, x, static_cast<size_t>(n) * sizeof(float));
    return;
  }
  ParallelRanges(n, 16384, n > 65536 ? MaxThreads() : 1, [&](int64_t i0, int64_t i1) {
    for (int64_t i = i0; i < i1; ++i) y[i] = x[i] * factor;
  });
}

}  // namespace ember
