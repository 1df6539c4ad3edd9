// Portable matmul: one Sgemm per batch on the offsets InferShape planned. The tests check it against Eigen.
#pragma once

#include <cstdint>

#include "framework/parallel.h"
#include "operators/kernel/central-arm-func/activation_func.h"
#include "operators/kernel/central-arm-func/gemm_func.h"
#include "operators/matmul_op.h"

namespace ember {

inline void MatMulCompute(const MatMulParam& p, const float* x, const float* y, float* out) {
  const int64_t batch = static_cast<int64_t>(p.x_offsets.size());
  const int64_t mat = p.m * p.n;
  auto one = [&](int64_t b) {
    Sgemm(p.gemm_trans_x, p.gemm_trans_y, p.m, p.n, p.k, p.alpha, x + p.x_offsets[static_cast<size_t>(b)], p.lda,
          y + p.y_offsets[static_cast<size_t>(b)], p.ldb, 0.f, out + b * mat, p.n);
  };
  // Small GEMMs run serially inside Sgemm, so spread the batch over threads instead. Otherwise no enclosing
  // region at all, not even an inactive `if (false)` one: Sgemm's own team would then be a nested one, which
  // libgomp creates anew on every call (3.7 ms instead of 0.05 for PP-OCRv4 rec's [60x120]x[120x240] on 2
  // threads, its fresh threads fighting the idle pool's spinning ones for the cores).
  if (batch > 1 && p.m * p.n * p.k <= 32768) {
    ParallelFor(batch, one);
  } else {
    for (int64_t b = 0; b < batch; ++b) one(b);
  }
  if (p.act.type != ActivationType::kNone) ActivationInPlace(p.act, out, batch * mat);
}

}  // namespace ember
