// NCHW [n, c, hw] <-> NCHW16c [n, ceil(c/16), hw, 16] (the layout_transform op; the layout pass inserts it at
// the borders of the regions that run on NCHW16c kernels). The padding channels are written as zeros.
// Tiles of 64 pixels x 16 channels (4 KiB, in L1 while one side is strided), parallel over
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

typedef float V4 __attribute__((vector_size(16)));
inline V4 Load4(const float* p) {
  V4 v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
inline void Store4(float* p, V4 v) { __builtin_memcpy(p, &v, sizeof v); }
// r_i[j] <- r_j[i]: 4 channels' 4 pixels <-> 4 pixels' 4 channels, in the baseline's vectors (SSE2, NEON).
inline void Transpose4(V4& r0, V4& r1, V4& r2, V4& r3) {
  const V4 t0 = __builtin_shufflevector(r0, r1, 0, 4, 1, 5), t1 = __builtin_shufflevector(r0, r1, 2, 6, 3, 7);
  const V4 t2 = __builtin_shufflevector(r2, r3, 0, 4, 1, 5), t3 = __builtin_shufflevector(r2, r3, 2, 6, 3, 7);
  r0 = __builtin_shufflevector(t0, t2, 0, 1, 4, 5), r1 = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
  r2 = __builtin_shufflevector(t1, t3, 0, 1, 4, 5), r3 = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
}

// Lanes [l0, l1) x pixels [p0, p1) one float at a time (the tails of ReorderTile).
template <bool kTo16c>
void ReorderScalar(const float* src, float* dst, int64_t planar, int64_t packed, int64_t hw, int64_t l0, int64_t l1,
                   int64_t p0, int64_t p1) {
  for (int64_t l = l0; l < l1; ++l)
    for (int64_t p = p0; p < p1; ++p) {
      if (kTo16c) dst[packed + p * 16 + l] = src[planar + l * hw + p];
      else dst[planar + l * hw + p] = src[packed + p * 16 + l];
    }
}

// Pixels [p0, p1) of lanes [0, lanes) of one block: planar channel l at planar + l * hw, packed pixel p at
// packed + p * 16. Four channels x four pixels per transpose (the scalar loop took ~3 instructions a float).
template <bool kTo16c>
void ReorderTile(const float* src, float* dst, int64_t planar, int64_t packed, int64_t hw, int64_t lanes,
                 int64_t p0, int64_t p1) {
  int64_t l = 0;
  for (; l + 4 <= lanes; l += 4) {
    int64_t p = p0;
    for (; p + 4 <= p1; p += 4) {
      V4 r[4];
      for (int i = 0; i < 4; ++i)
        r[i] = kTo16c ? Load4(src + planar + (l + i) * hw + p) : Load4(src + packed + (p + i) * 16 + l);
      Transpose4(r[0], r[1], r[2], r[3]);
      for (int i = 0; i < 4; ++i) {
        if (kTo16c) Store4(dst + packed + (p + i) * 16 + l, r[i]);
        else Store4(dst + planar + (l + i) * hw + p, r[i]);
      }
    }
    ReorderScalar<kTo16c>(src, dst, planar, packed, hw, l, l + 4, p, p1);
  }
  ReorderScalar<kTo16c>(src, dst, planar, packed, hw, l, lanes, p0, p1);
}
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
      layout_detail::ReorderTile<kTo16c>(src, dst, planar, packed, hw, lanes, p0, p1);
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
