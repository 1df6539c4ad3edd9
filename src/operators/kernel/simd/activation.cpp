#include "operators/kernel/simd/activation.h"

#include <algorithm>

#include "framework/parallel.h"

namespace ember {
namespace simd {

void ActivationRun(const ActivationSpec& a, const float* x, float* y, int64_t n, ActArrayFn run) {
  if (a.type == ActivationType::kNone && x == y) return;
  const VActSpec s{static_cast<int>(a.type), a.a, a.b, a.c};
  const int64_t kBlock = 16384;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  bool parallel = n > 65536;
#ifdef _OPENMP
  parallel = parallel && !InParallel() && MaxThreads() > 1;
#else
  parallel = false;
#endif
  if (!parallel) {
    run(s, x, y, n);
    return;
  }
  ParallelFor(blocks, MaxThreads(), [&](int64_t b) {
    const int64_t i0 = b * kBlock, len = std::min(n, i0 + kBlock) - i0;
    run(s, x + i0, y + i0, len);
  });
}

}  // namespace simd
}  // namespace ember
