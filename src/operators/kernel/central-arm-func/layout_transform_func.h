// NCHW [n, c, hw] <-> NCHW16c [n, ceil(c/16), hw, 16] (the layout_transform op; the layout pass inserts it at
// the borders of the regions that run on NCHW16c kernels). The padding channels are written as zeros.
// Plain loops over tiles of 64 pixels x 16 channels (4 KiB, in L1 while one side is strided), parallel over
// (image, channel block, run of 1024 pixels).
#pragma once

#include <algorithm>
#include <cstdint>

#include "framework/parallel.h"

namespace ember {

namespace layout_detail {
constexpr int64_t kTile = 64;
constexpr int64_t kChunk = 1024;  // pixels per task: few channel blocks still split over the threads
inline int Threads(int64_t floats) { return !InParallel() && floats > 200000 ? MaxThreads() : 1; }
}  // namespace layout_detail

// One conversion, either way: kTo16c NCHW -> NCHW16c (padding channels written as zeros), else back.
template <bool kTo16c>
void Reorder16c(const float* src, float* dst, int64_t n, int64_t c, int64_t hw) {
  const int64_t blocks = (c + 15) / 16, chunks = (hw + layout_detail::kChunk - 1) / layout_detail::kChunk;
  const int64_t tasks = n * blocks * chunks;
  const int threads = layout_detail::Threads(n * c * hw);
  ParallelFor(tasks, threads, [&](int64_t t) {
    const int64_t plane = t / chunks, b = plane % blocks, lanes = std::min<int64_t>(16, c - b * 16);
    const int64_t planar = (plane / blocks * c + b * 16) * hw, packed = plane * hw * 16;  // offsets of the block
    const int64_t q0 = t % chunks * layout_detail::kChunk, q1 = std::min(hw, q0 + layout_detail::kChunk);
    for (int64_t p0 = q0; p0 < q1; p0 += layout_detail::kTile) {
      const int64_t p1 = std::min(q1, p0 + layout_detail::kTile);
      for (int64_t l = 0; l < lanes; ++l)
        for (int64_t p = p0; p < p1; ++p) {
          if (kTo16c) dst[packed + p * 16 + l] = src[planar + l * hw + p];
          else dst[planar + l * hw + p] = src[packed + p * 16 + l];
        }
      if (kTo16c)
        for (int64_t l = lanes; l < 16; ++l)
          for (int64_t p = p0; p < p1; ++p) dst[packed + p * 16 + l] = 0.f;
    }
  });
}

inline void ReorderToNchw16c(const float* src, float* dst, int64_t n, int64_t c, int64_t hw) {
  Reorder16c<true>(src, dst, n, c, hw);
}

inline void ReorderFromNchw16c(const float* src, float* dst, int64_t n, int64_t c, int64_t hw) {
  Reorder16c<false>(src, dst, n, c, hw);
}

}  // namespace ember
