// Portable mul: one GEMM on the flattened operands. The tests check it against Eigen.
#pragma once

#include <cstdint>

#include "operators/kernel/central-arm-func/gemm_func.h"

namespace ember {

// out[m x n] = x[m x k] * y[k x n], all row-major and contiguous.
inline void MulCompute(const float* x, const float* y, float* out, int64_t m, int64_t k, int64_t n) {
  Sgemm(false, false, m, n, k, 1.f, x, k, y, n, 0.f, out, n);
}

}  // namespace ember
