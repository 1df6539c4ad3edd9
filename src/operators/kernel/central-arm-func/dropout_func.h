// Portable inference dropout, shared by every device: a plain loop, so it is its own reference.
#pragma once

#include <cstdint>
#include <cstring>

namespace ember {

inline void DropoutCompute(const float* x, float* y, int64_t n, float factor) {
  if (factor == 1.f) {
    if (x != y && n > 0) std::memcpy(y, x, static_cast<size_t>(n) * sizeof(float));
    return;
  }
#pragma omp parallel for if (n > 65536)
  for (int64_t i = 0; i < n; ++i) y[i] = x[i] * factor;
}

}  // namespace ember
