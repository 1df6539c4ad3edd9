// Portable top-k: a stable partial sort of indices per row, its own reference.
#pragma once

#include <algorithm>
#include <numeric>
#include <vector>

#include "operators/top_k_op.h"

namespace ember {

template <typename T>
inline void TopKTyped(const TopKParam& p) {
  const T* x = p.x->data<T>();
  T* out = p.out->mutable_data<T>();
  int64_t* idx = p.indices->mutable_data<int64_t>();
  std::vector<int64_t> order(static_cast<size_t>(p.n));
  for (int64_t o = 0; o < p.outer; ++o)
    for (int64_t in = 0; in < p.inner; ++in) {
      const T* row = x + o * p.n * p.inner + in;
      std::iota(order.begin(), order.end(), 0);
      auto before = [&](int64_t a, int64_t b) {
        T va = row[a * p.inner], vb = row[b * p.inner];
        if (va != vb) return p.largest ? va > vb : va < vb;
        return a < b;
      };
      std::partial_sort(order.begin(), order.begin() + p.k, order.end(), before);
      for (int64_t j = 0; j < p.k; ++j) {
        int64_t at = o * p.k * p.inner + j * p.inner + in;
        out[at] = row[order[static_cast<size_t>(j)] * p.inner];
        idx[at] = order[static_cast<size_t>(j)];
      }
    }
}

inline Status TopKCompute(const TopKParam& p) {
  switch (p.x->dtype()) {
    case DataType::kFloat32: TopKTyped<float>(p); break;
    case DataType::kInt32: TopKTyped<int32_t>(p); break;
    case DataType::kInt64: TopKTyped<int64_t>(p); break;
    default: return InvalidArgument("top_k_v2: unsupported dtype");
  }
  return Status::OK();
}

}  // namespace ember
