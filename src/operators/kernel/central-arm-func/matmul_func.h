// Portable matmul: one Sgemm per batch on the offsets InferShape planned. The tests check it against Eigen.
#pragma once

#include <cstdint>

#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/matmul_op.h"

namespace ember {

inline void MatMulCompute(const MatMulParam& p, const float* x, const float* y, float* out) {
  const int64_t batch = static_cast<int64_t>(p.x_offsets.size());
  const int64_t mat = p.m * p.n;
  // Small GEMMs run serially inside Sgemm, so spread the batch over threads instead.
#pragma omp parallel for if (batch > 1 && p.m * p.n * p.k <= 32768)
  for (int64_t b = 0; b < batch; ++b)
    Sgemm(p.gemm_trans_x, p.gemm_trans_y, p.m, p.n, p.k, p.alpha, x + p.x_offsets[static_cast<size_t>(b)],
          p.lda, y + p.y_offsets[static_cast<size_t>(b)], p.ldb, 0.f, out + b * mat, p.n);
  if (p.act.type != ActivationType::kNone) ActivationInPlace(p.act, out, batch * mat);
}

}  // namespace ember
