// Portable rotary_embedding: per (batch, position) the cos / sin row, then every head's pairs rotated. The
// tests compare against an independent loop.
#pragma once

#include <cstdint>
#include <cstring>

#include "framework/parallel.h"
#include "operators/rotary_embedding_op.h"

namespace ember {

inline void RotaryEmbedding(const RotaryEmbeddingParam& p, const float* x, float* y) {
  const int64_t half = p.rot / 2;
  const float* cos_cache = p.cos->data<float>();
  const float* sin_cache = p.sin->data<float>();
  const int64_t* ids = p.position_ids ? p.position_ids->data<int64_t>() : nullptr;
  const bool per_batch_ids = ids && p.position_ids->numel() == p.batch * p.seq;
  const int64_t rows = p.batch * p.seq;
  ParallelFor(rows, rows * p.heads * p.head_size > 65536 ? MaxThreads() : 1, [&](int64_t bs) {
    const int64_t b = bs / p.seq, s = bs % p.seq;
    const int64_t row = ids ? ids[per_batch_ids ? bs : s] : bs;
    const float* c = cos_cache + row * half;
    const float* sn = sin_cache + row * half;
    for (int64_t h = 0; h < p.heads; ++h) {
      const int64_t off = b * p.stride_b + s * p.stride_s + h * p.stride_h;
      const float* src = x + off;
      float* dst = y + off;
      // The pair k: (a, b) at (k, k + half), or (2k, 2k + 1) interleaved.
      const int64_t step = p.interleaved ? 2 : 1, second = p.interleaved ? 1 : half;
      for (int64_t k = 0; k < half; ++k) {
        const float a = src[k * step], bv = src[k * step + second];
        dst[k * step] = c[k] * a - sn[k] * bv;
        dst[k * step + second] = sn[k] * a + c[k] * bv;
      }
      if (p.rot < p.head_size && src != dst)
        std::memcpy(dst + p.rot, src + p.rot, static_cast<size_t>(p.head_size - p.rot) * sizeof(float));
    }
  });
}

}  // namespace ember
