// Portable fc: the GEMM, then one pass adding the bias and applying the activation while the row is in
// cache. The tests check it against Eigen.
#pragma once

#include <cstdint>

#include "framework/parallel.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/gemm_func.h"

namespace ember {

// out[m x n] = act(in[m x k] * w[k x n] + bias[n]); bias may be null.
inline void FcCompute(const float* in, const float* w, const float* bias, float* out, int64_t m, int64_t k,
                      int64_t n, const ActivationSpec& act) {
  Sgemm(false, false, m, n, k, 1.f, in, k, w, n, 0.f, out, n);
  if (!bias && act.type == ActivationType::kNone) return;
  ParallelFor(m, (m * n > 65536) ? MaxThreads() : 1, [&](int64_t i) {
    float* row = out + i * n;
    if (bias)
      for (int64_t j = 0; j < n; ++j) row[j] += bias[j];
    if (act.type != ActivationType::kNone)
      ActivateRow(act, row, n);
  });
}

}  // namespace ember
