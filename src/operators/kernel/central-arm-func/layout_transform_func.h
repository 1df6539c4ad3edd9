// NCHW [n, c, hw] <-> NCHWxc [n, ceil(c/x), hw, x], x = 4 or 16 (the layout_transform op; the layout pass
// inserts it at the borders of the regions that run on packed-channel kernels, operators/packed_layout.h). The
// padding channels are written as zeros. Tiles of 64 pixels x one block (4 KiB for 16 channels, in L1 while
// one side is strided), parallel over (image, channel block, run of 1024 pixels).
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
template <bool kToPacked>
void ReorderScalar(const float* src, float* dst, int64_t planar, int64_t packed, int64_t hw, int64_t block,
                   int64_t l0, int64_t l1, int64_t p0, int64_t p1) {
  for (int64_t l = l0; l < l1; ++l)
    for (int64_t p = p0; p < p1; ++p) {
      if (kToPacked) dst[packed + p * block + l] = src[planar + l * hw + p];
      else dst[planar + l * hw + p] = src[packed + p * block + l];
    }
}

// Pixels [p0, p1) of lanes [0, lanes) of one block: planar channel l at planar + l * hw, packed pixel p at
// packed + p * block. Four channels x four pixels per transpose (the scalar loop took ~3 instructions a float).
template <bool kToPacked>
void ReorderTile(const float* src, float* dst, int64_t planar, int64_t packed, int64_t hw, int64_t block,
                 int64_t lanes, int64_t p0, int64_t p1) {
  int64_t l = 0;
  for (; l + 4 <= lanes; l += 4) {
    int64_t p = p0;
    for (; p + 4 <= p1; p += 4) {
      V4 r[4];
      for (int i = 0; i < 4; ++i)
        r[i] = kToPacked ? Load4(src + planar + (l + i) * hw + p) : Load4(src + packed + (p + i) * block + l);
      Transpose4(r[0], r[1], r[2], r[3]);
      for (int i = 0; i < 4; ++i) {
        if (kToPacked) Store4(dst + packed + (p + i) * block + l, r[i]);
        else Store4(dst + planar + (l + i) * hw + p, r[i]);
      }
    }
    ReorderScalar<kToPacked>(src, dst, planar, packed, hw, block, l, l + 4, p, p1);
  }
  ReorderScalar<kToPacked>(src, dst, planar, packed, hw, block, l, lanes, p0, p1);
}
}  // namespace layout_detail

// One conversion, either way: kToPacked NCHW -> NCHWxc with x = block (padding channels written as zeros),
// else back.
template <bool kToPacked>
void ReorderPacked(const float* src, float* dst, int64_t n, int64_t c, int64_t hw, int64_t block) {
  const int64_t blocks = (c + block - 1) / block, chunks = (hw + layout_detail::kChunk - 1) / layout_detail::kChunk;
  const int64_t tasks = n * blocks * chunks;
  const int threads = layout_detail::Threads(n * c * hw);
  ParallelFor(tasks, threads, [&](int64_t t) {
    const int64_t plane = t / chunks, b = plane % blocks, lanes = std::min<int64_t>(block, c - b * block);
    const int64_t planar = (plane / blocks * c + b * block) * hw, packed = plane * hw * block;  // the block's
    const int64_t q0 = t % chunks * layout_detail::kChunk, q1 = std::min(hw, q0 + layout_detail::kChunk);
    for (int64_t p0 = q0; p0 < q1; p0 += layout_detail::kTile) {
      const int64_t p1 = std::min(q1, p0 + layout_detail::kTile);
      layout_detail::ReorderTile<kToPacked>(src, dst, planar, packed, hw, block, lanes, p0, p1);
      if (kToPacked)
        for (int64_t l = lanes; l < block; ++l)
          for (int64_t p = p0; p < p1; ++p) dst[packed + p * block + l] = 0.f;
    }
  });
}

}  // namespace ember
