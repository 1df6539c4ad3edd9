// Portable slice: copies the box [begin, begin + size) of a row-major tensor into a dense output, one
// memcpy per innermost row.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "framework/parallel.h"

namespace ember {

inline void SliceBytes(const char* src, const std::vector<int64_t>& in_dims, const std::vector<int64_t>& begin,
                       const std::vector<int64_t>& size, size_t elem_size, char* dst) {
  const int rank = static_cast<int>(in_dims.size());
  int64_t total = 1;
  for (int64_t s : size) total *= s;
  if (total == 0) return;
  if (rank == 0) {
    std::memcpy(dst, src, elem_size);
    return;
  }
  std::vector<int64_t> stride(static_cast<size_t>(rank), static_cast<int64_t>(elem_size));
  for (int i = rank - 2; i >= 0; --i) stride[i] = stride[i + 1] * in_dims[i + 1];
  int64_t base = 0;
  for (int i = 0; i < rank; ++i) base += begin[i] * stride[i];
  const int64_t row = size[rank - 1];
  const size_t row_bytes = static_cast<size_t>(row) * elem_size;
  const int64_t rows = total / row;
  ParallelFor(rows, (total * static_cast<int64_t>(elem_size) > (1 << 20)) ? MaxThreads() : 1, [&](int64_t r) {
    int64_t rem = r, off = base;
    for (int d = rank - 2; d >= 0; --d) {
      off += (rem % size[d]) * stride[d];
      rem /= size[d];
    }
    char* d = dst + r * static_cast<int64_t>(row_bytes);
    if (d != src + off) std::memcpy(d, src + off, row_bytes);  // else the executor placed it (StorageView)
  });
}

}  // namespace ember
