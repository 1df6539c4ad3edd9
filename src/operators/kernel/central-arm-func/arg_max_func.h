// Portable arg_max shared by every device, and the plain reference the tests compare against.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "framework/parallel.h"

namespace ember {

// out[o, j] = the first k with x[o, k, j] maximal, for x viewed as [outer, n, inner] (n >= 1).
template <typename T, typename I>
void ArgMaxCompute(const T* x, int64_t outer, int64_t n, int64_t inner, I* out) {
  if (inner == 1) {
    ParallelFor(outer, (outer > 1 && outer * n > 65536) ? MaxThreads() : 1, [&](int64_t o) {
      const T* row = x + o * n;
      int64_t best = 0;
      for (int64_t k = 1; k < n; ++k)
        if (row[k] > row[best]) best = k;
      out[o] = static_cast<I>(best);
    });
    return;
  }
  // Walk the n rows of `inner` values in order, keeping a block of running maxima and their indices.
  constexpr int64_t kBlock = 256;
  const int64_t blocks = (inner + kBlock - 1) / kBlock;
  ParallelFor(outer * blocks, (outer * blocks > 1 && outer * n * inner > 65536) ? MaxThreads() : 1, [&](int64_t t) {
    const int64_t o = t / blocks, j0 = (t % blocks) * kBlock, len = std::min(inner - j0, kBlock);
    const T* base = x + o * n * inner + j0;
    T best[kBlock];
    int64_t idx[kBlock];
    std::copy(base, base + len, best);
    std::fill(idx, idx + len, int64_t{0});
    for (int64_t k = 1; k < n; ++k) {
      const T* row = base + k * inner;
      for (int64_t j = 0; j < len; ++j)
        if (row[j] > best[j]) {
          best[j] = row[j];
          idx[j] = k;
        }
    }
    I* dst = out + o * inner + j0;
    for (int64_t j = 0; j < len; ++j) dst[j] = static_cast<I>(idx[j]);
  });
}

namespace ref {
// The plain strided scan, one output at a time.
template <typename T>
std::vector<int64_t> ArgMax(const T* x, int64_t outer, int64_t n, int64_t inner) {
  std::vector<int64_t> out(static_cast<size_t>(outer * inner));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < inner; ++j) {
      int64_t best = 0;
      for (int64_t k = 0; k < n; ++k)
        if (x[(o * n + k) * inner + j] > x[(o * n + best) * inner + j]) best = k;
      out[static_cast<size_t>(o * inner + j)] = best;
    }
  return out;
}
}  // namespace ref

}  // namespace ember
