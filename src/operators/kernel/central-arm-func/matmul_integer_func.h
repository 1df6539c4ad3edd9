// Portable matmul_integer: a plain loop accumulating in int64 (exact), its own reference.
#pragma once

#include <cstdint>
#include <vector>

#include "framework/tensor.h"
#include "operators/kernel/central-arm-func/cast_func.h"

namespace ember {

// t's values as int32 minus its zero point: one value, or one per row (per_row) or column of the
// trailing [rows, cols] matrix.
inline std::vector<int32_t> CenteredInts(const Tensor& t, const Tensor* zp, int64_t rows, int64_t cols, bool per_row) {
  std::vector<int32_t> v(static_cast<size_t>(t.numel()));
  VisitDataType(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    const T* d = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) v[static_cast<size_t>(i)] = static_cast<int32_t>(d[i]);
  });
  if (!zp) return v;
  std::vector<int32_t> z = CenteredInts(*zp, nullptr, 0, 0, false);
  for (int64_t i = 0; i < t.numel(); ++i) {
    const int64_t at = z.size() == 1 ? 0 : per_row ? (i / cols) % rows : i % cols;
    v[static_cast<size_t>(i)] -= z[static_cast<size_t>(at)];
  }
  return v;
}

inline void MatMulInteger(const int32_t* x, const int32_t* y, int64_t m, int64_t n, int64_t k, int32_t* out) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      int64_t acc = 0;
      for (int64_t l = 0; l < k; ++l) acc += static_cast<int64_t>(x[i * k + l]) * y[l * n + j];
      out[i * n + j] = static_cast<int32_t>(acc);
    }
}

}  // namespace ember
