#include "operators/kernel/simd/activation.h"

#include <algorithm>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace ember {
namespace simd {

void ActivationRun(const ActivationSpec& a, const float* x, float* y, int64_t n, ActArrayFn run) {
  if (a.type == ActivationType::kNone && x == y) return;
  const VActSpec s{static_cast<int>(a.type), a.a, a.b, a.c};
  const int64_t kBlock = 16384;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  bool parallel = n > 65536;
#ifdef _OPENMP
  parallel = parallel && !omp_in_parallel() && omp_get_max_threads() > 1;
#else
  parallel = false;
#endif
  if (!parallel) {
    run(s, x, y, n);
    return;
  }
#pragma omp parallel for
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t i0 = b * kBlock, len = std::min(n, i0 + kBlock) - i0;
    run(s, x + i0, y + i0, len);
  }
}

}  // namespace simd
}  // namespace ember
