// Portable N-D transpose by element size, shared by transpose2, pixel_shuffle and shuffle_channel.
// Unit dims are dropped and axes that stay adjacent are merged first, so common cases reduce to a few
// dims with a contiguous inner run (copied with memcpy).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include "framework/parallel.h"

namespace ember {

// The same transpose over fewer dims: unit dims dropped, runs of axes that stay adjacent merged.
inline void SimplifyTranspose(const std::vector<int64_t>& in_dims, const std::vector<int>& perm,
                              std::vector<int64_t>* dims_out, std::vector<int>* perm_out) {
  std::vector<int> renumber(in_dims.size(), -1);
  std::vector<int64_t> dims;
  for (size_t i = 0; i < in_dims.size(); ++i)
    if (in_dims[i] != 1) {
      renumber[i] = static_cast<int>(dims.size());
      dims.push_back(in_dims[i]);
    }
  std::vector<std::vector<int>> groups;  // in output order; each a run of consecutive input axes
  for (int a : perm) {
    int r = renumber[static_cast<size_t>(a)];
    if (r < 0) continue;
    if (!groups.empty() && groups.back().back() + 1 == r) groups.back().push_back(r);
    else groups.push_back({r});
  }
  std::vector<int> order(groups.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return groups[a][0] < groups[b][0]; });
  dims_out->assign(groups.size(), 1);
  perm_out->assign(groups.size(), 0);
  for (size_t j = 0; j < order.size(); ++j) {
    for (int a : groups[static_cast<size_t>(order[j])]) (*dims_out)[j] *= dims[static_cast<size_t>(a)];
    (*perm_out)[static_cast<size_t>(order[j])] = static_cast<int>(j);
  }
}

template <typename T>
void TransposeTyped(const T* src, T* dst, const std::vector<int64_t>& in_dims, const std::vector<int>& perm) {
  const int rank = static_cast<int>(in_dims.size());
  int64_t total = 1;
  for (int64_t d : in_dims) total *= d;
  if (total == 0) return;
  if (rank <= 1) {
    std::memcpy(dst, src, static_cast<size_t>(total) * sizeof(T));
    return;
  }
  std::vector<int64_t> in_strides(static_cast<size_t>(rank), 1);
  for (int i = rank - 2; i >= 0; --i) in_strides[i] = in_strides[i + 1] * in_dims[i + 1];
  std::vector<int64_t> out_dims(static_cast<size_t>(rank)), src_stride(static_cast<size_t>(rank));
  for (int i = 0; i < rank; ++i) {
    out_dims[i] = in_dims[static_cast<size_t>(perm[i])];
    src_stride[i] = in_strides[static_cast<size_t>(perm[i])];
  }
  const int64_t inner = out_dims[rank - 1];
  const int64_t inner_stride = src_stride[rank - 1];
  const int64_t rows = total / inner;
  ParallelFor(rows, (total > 65536) ? MaxThreads() : 1, [&](int64_t r) {
    int64_t rem = r, off = 0;
    for (int d = rank - 2; d >= 0; --d) {
      off += (rem % out_dims[d]) * src_stride[d];
      rem /= out_dims[d];
    }
    const T* s = src + off;
    T* o = dst + r * inner;
    for (int64_t j = 0; j < inner; ++j) o[j] = s[j * inner_stride];
  });
}

// dst[out index] = src[in index] where out dim i is in dim perm[i]; elem_size is 1, 2, 4 or 8 bytes.
inline void TransposeBytes(const void* src, void* dst, size_t elem_size, const std::vector<int64_t>& in_dims,
                           const std::vector<int>& perm) {
  std::vector<int64_t> dims;
  std::vector<int> p;
  SimplifyTranspose(in_dims, perm, &dims, &p);
  switch (elem_size) {
    case 1: TransposeTyped(static_cast<const uint8_t*>(src), static_cast<uint8_t*>(dst), dims, p); break;
    case 2: TransposeTyped(static_cast<const uint16_t*>(src), static_cast<uint16_t*>(dst), dims, p); break;
    case 4: TransposeTyped(static_cast<const uint32_t*>(src), static_cast<uint32_t*>(dst), dims, p); break;
    case 8: TransposeTyped(static_cast<const uint64_t*>(src), static_cast<uint64_t*>(dst), dims, p); break;
    default: break;
  }
}

}  // namespace ember
