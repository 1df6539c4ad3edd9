// Portable affine_grid: each output pixel's normalized position times its batch's theta.
#pragma once

#include <cstdint>
#include <vector>

namespace ember {

// Normalized position of pixel i of n (see affine_grid_op.h).
inline float AffineGridPosition(int64_t i, int64_t n, bool align_corners) {
  if (align_corners) return n > 1 ? -1.f + 2.f * static_cast<float>(i) / static_cast<float>(n - 1) : -1.f;
  return (2.f * static_cast<float>(i) + 1.f) / static_cast<float>(n) - 1.f;
}

// theta [n, r, r + 1], dims = the r output dims (outermost first) -> out [n, dims..., r].
inline void AffineGrid(const float* theta, int64_t n, const std::vector<int64_t>& dims, bool align_corners,
                       float* out) {
  const int r = static_cast<int>(dims.size());
  int64_t points = 1;
  for (int64_t d : dims) points *= d;
  for (int64_t b = 0; b < n; ++b) {
    const float* th = theta + b * r * (r + 1);
    for (int64_t q = 0; q < points; ++q) {
      float base[4];  // innermost dim's position first, then 1
      int64_t rest = q;
      for (int d = r - 1; d >= 0; --d) {
        base[r - 1 - d] = AffineGridPosition(rest % dims[static_cast<size_t>(d)], dims[static_cast<size_t>(d)],
                                             align_corners);
        rest /= dims[static_cast<size_t>(d)];
      }
      base[r] = 1.f;
      float* o = out + (b * points + q) * r;
      for (int j = 0; j < r; ++j) {
        float sum = 0;
        for (int k = 0; k <= r; ++k) sum += th[j * (r + 1) + k] * base[k];
        o[j] = sum;
      }
    }
  }
}

}  // namespace ember
