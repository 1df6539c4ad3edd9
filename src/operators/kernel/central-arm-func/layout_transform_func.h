// NCHW [n, c, hw] <-> NCHW16c [n, ceil(c/16), hw, 16] (the layout_transform op; the layout pass inserts it at
// the borders of the regions that run on NCHW16c kernels). The padding channels are written as zeros.
// Plain loops over tiles of 64 pixels x 16 channels (4 KiB, in L1 while one side is strided), parallel over
// (image, channel block).
#pragma once

#include <algorithm>
#include <cstdint>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace ember {

namespace layout_detail {
constexpr int64_t kTile = 64;
inline int Threads(int64_t floats) {
#ifdef _OPENMP
  if (!omp_in_parallel() && floats > 200000) return omp_get_max_threads();
#endif
  (void)floats;
  return 1;
}
}  // namespace layout_detail

inline void ReorderToNchw16c(const float* src, float* dst, int64_t n, int64_t c, int64_t hw) {
  const int64_t blocks = (c + 15) / 16, tasks = n * blocks;
  const int threads = layout_detail::Threads(n * c * hw);
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
  for (int64_t t = 0; t < tasks; ++t) {
    const int64_t b = t % blocks, lanes = std::min<int64_t>(16, c - b * 16);
    const float* s = src + (t / blocks * c + b * 16) * hw;
    float* d = dst + t * hw * 16;
    for (int64_t p0 = 0; p0 < hw; p0 += layout_detail::kTile) {
      const int64_t p1 = std::min(hw, p0 + layout_detail::kTile);
      for (int64_t l = 0; l < lanes; ++l)
        for (int64_t p = p0; p < p1; ++p) d[p * 16 + l] = s[l * hw + p];
      for (int64_t l = lanes; l < 16; ++l)
        for (int64_t p = p0; p < p1; ++p) d[p * 16 + l] = 0.f;
    }
  }
}

inline void ReorderFromNchw16c(const float* src, float* dst, int64_t n, int64_t c, int64_t hw) {
  const int64_t blocks = (c + 15) / 16, tasks = n * blocks;
  const int threads = layout_detail::Threads(n * c * hw);
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
  for (int64_t t = 0; t < tasks; ++t) {
    const int64_t b = t % blocks, lanes = std::min<int64_t>(16, c - b * 16);
    const float* s = src + t * hw * 16;
    float* d = dst + (t / blocks * c + b * 16) * hw;
    for (int64_t p0 = 0; p0 < hw; p0 += layout_detail::kTile) {
      const int64_t p1 = std::min(hw, p0 + layout_detail::kTile);
      for (int64_t l = 0; l < lanes; ++l)
        for (int64_t p = p0; p < p1; ++p) d[l * hw + p] = s[p * 16 + l];
    }
  }
}

}  // namespace ember
