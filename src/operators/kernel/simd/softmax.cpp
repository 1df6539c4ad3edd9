// The softmax driver (softmax.h).
#include "operators/kernel/simd/softmax.h"

#include <algorithm>

#include "framework/parallel.h"

namespace ember {
namespace simd {

void SoftmaxRun(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log,
                const SoftmaxKernels& ks) {
  if (outer * n * inner == 0) return;
  if (inner == 1) {
    auto rows = ks.rows;
    const int64_t kRows = 16;
    const int64_t tasks = (outer + kRows - 1) / kRows;
    ParallelFor(tasks, (outer * n > 16384 && tasks > 1) ? MaxThreads() : 1, [&](int64_t t) {
      const int64_t r0 = t * kRows, nr = std::min(outer, r0 + kRows) - r0;
      rows(x + r0 * n, y + r0 * n, nr, n, log);
    });
    return;
  }
  auto block = ks.inner;
  const int64_t chunks = (inner + kSoftmaxChunk - 1) / kSoftmaxChunk;
  ParallelFor(outer * chunks, (outer * n * inner > 16384 && outer * chunks > 1) ? MaxThreads() : 1, [&](int64_t t) {
    const int64_t o = t / chunks, i0 = (t % chunks) * kSoftmaxChunk;
    block(x + o * n * inner, y + o * n * inner, n, inner, i0, std::min(inner, i0 + kSoftmaxChunk), log);
  });
}

}  // namespace simd
}  // namespace ember
