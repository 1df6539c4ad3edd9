// Portable single-precision GEMM shared by conv, fc, mul and matmul:
//   C[M x N] = alpha * op(A)[M x K] * op(B)[K x N] + beta * C      (row-major, leading dims given)
// Blocked over K and N so a panel of B stays in cache; rows of C are split across OpenMP threads.
// Sgemm runs the instruction-set folder's packed, register-blocked kernels when the build has one
// (kernel/cpu_accel.h's sgemm entry, e.g. kernel/x86/sgemm_x86.h for the ISA chosen at run time);
// PortableSgemm is the loop used otherwise.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "framework/parallel.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {

inline void PortableSgemm(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
                  int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc) {
  // Scale C by beta first (beta == 0 overwrites, so garbage or NaN in C never leaks through).
  for (int64_t i = 0; i < M; ++i) {
    float* c = C + i * ldc;
    if (beta == 0.f) std::fill(c, c + N, 0.f);
    else if (beta != 1.f) for (int64_t j = 0; j < N; ++j) c[j] *= beta;
  }
  if (M == 0 || N == 0 || K == 0) return;
  // Make B row-major [K x N] contiguous when transposed, so the inner loop runs along N.
  std::vector<float> bt;
  const float* Bk = B;
  int64_t ldbk = ldb;
  if (trans_b) {
    bt.resize(static_cast<size_t>(K * N));
    for (int64_t k = 0; k < K; ++k)
      for (int64_t j = 0; j < N; ++j) bt[static_cast<size_t>(k * N + j)] = B[j * ldb + k];
    Bk = bt.data();
    ldbk = N;
  }
  const int64_t kBlockK = 256, kBlockN = 512;
  ParallelFor(M, (M * N * K > 32768) ? MaxThreads() : 1, [&](int64_t i) {
    float* c = C + i * ldc;
    for (int64_t k0 = 0; k0 < K; k0 += kBlockK) {
      int64_t k1 = std::min(K, k0 + kBlockK);
      for (int64_t j0 = 0; j0 < N; j0 += kBlockN) {
        int64_t j1 = std::min(N, j0 + kBlockN);
        for (int64_t k = k0; k < k1; ++k) {
          float a = alpha * (trans_a ? A[k * lda + i] : A[i * lda + k]);
          if (a == 0.f) continue;
          const float* b = Bk + k * ldbk;
          for (int64_t j = j0; j < j1; ++j) c[j] += a * b[j];
        }
      }
    }
  });
}

inline void Sgemm(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
                  int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc) {
  if (SgemmFn accel = CpuAccel().sgemm)
    accel(trans_a, trans_b, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
  else
    PortableSgemm(trans_a, trans_b, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
}

namespace ref {
// The plain triple loop: the test oracle for Sgemm.
inline void Sgemm(bool trans_a, bool trans_b, int64_t M, int64_t N, int64_t K, float alpha, const float* A,
                  int64_t lda, const float* B, int64_t ldb, float beta, float* C, int64_t ldc) {
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      double acc = 0;
      for (int64_t k = 0; k < K; ++k)
        acc += static_cast<double>(trans_a ? A[k * lda + i] : A[i * lda + k]) *
               (trans_b ? B[j * ldb + k] : B[k * ldb + j]);
      float prev = beta == 0.f ? 0.f : beta * C[i * ldc + j];
      C[i * ldc + j] = static_cast<float>(alpha * acc) + prev;
    }
}
}  // namespace ref

}  // namespace ember
