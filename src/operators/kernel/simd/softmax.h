// The softmax / log_softmax driver shared by the folders: rows (inner == 1) or strided columns in chunks of
// kSoftmaxChunk, split over the OpenMP threads, each run by a level's kernels (softmax_kernel.inc).
#pragma once

#include <cstdint>

namespace ember {
namespace simd {

constexpr int64_t kSoftmaxChunk = 256;

struct SoftmaxKernels {
  void (*rows)(const float* x, float* y, int64_t rows, int64_t n, bool log);
  void (*inner)(const float* x, float* y, int64_t n, int64_t inner, int64_t i0, int64_t i1, bool log);
};

// X viewed as [outer, n, inner], softmax over n.
void SoftmaxRun(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log,
                const SoftmaxKernels& ks);

}  // namespace simd
}  // namespace ember
