// Portable concat and split. Both see a tensor as [outer, axis * inner] rows of bytes: each part owns
// a contiguous chunk of every row, so the work is one memcpy per (row, part). A chunk the executor already
// placed where it belongs (a StorageView) is not copied.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "framework/parallel.h"

namespace ember {

// dst row r = concatenation over parts i of parts[i] row r (chunk_bytes[i] bytes each).
inline void ConcatRows(const std::vector<const char*>& parts, const std::vector<int64_t>& chunk_bytes,
                       int64_t outer, char* dst) {
  int64_t row_bytes = 0;
  for (int64_t c : chunk_bytes) row_bytes += c;
  ParallelFor(outer, (outer * row_bytes > (1 << 20) && outer > 1) ? MaxThreads() : 1, [&](int64_t r) {
    char* o = dst + r * row_bytes;
    for (size_t i = 0; i < parts.size(); ++i) {
      const char* src = parts[i] + r * chunk_bytes[i];
      if (src != o) std::memcpy(o, src, static_cast<size_t>(chunk_bytes[i]));
      o += chunk_bytes[i];
    }
  });
}

// The inverse: parts[i] row r = chunk i of src row r.
inline void SplitRows(const char* src, const std::vector<int64_t>& chunk_bytes, int64_t outer,
                      const std::vector<char*>& parts) {
  int64_t row_bytes = 0;
  for (int64_t c : chunk_bytes) row_bytes += c;
  ParallelFor(outer, (outer * row_bytes > (1 << 20) && outer > 1) ? MaxThreads() : 1, [&](int64_t r) {
    const char* s = src + r * row_bytes;
    for (size_t i = 0; i < parts.size(); ++i) {
      char* dst = parts[i] + r * chunk_bytes[i];
      if (dst != s) std::memcpy(dst, s, static_cast<size_t>(chunk_bytes[i]));
      s += chunk_bytes[i];
    }
  });
}

}  // namespace ember
