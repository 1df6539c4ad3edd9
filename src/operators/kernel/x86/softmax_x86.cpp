#include "operators/kernel/x86/softmax_x86.h"

#include <algorithm>

namespace ember {
namespace x86 {

void SoftmaxX86(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log, Isa isa) {
  if (outer * n * inner == 0) return;
  if (inner == 1) {
    auto rows = isa == Isa::kAvx512 ? SoftmaxRowsAvx512 : SoftmaxRowsAvx2;
    const int64_t kRows = 16;
    const int64_t tasks = (outer + kRows - 1) / kRows;
#pragma omp parallel for if (outer * n > 16384 && tasks > 1)
    for (int64_t t = 0; t < tasks; ++t) {
      const int64_t r0 = t * kRows, nr = std::min(outer, r0 + kRows) - r0;
      rows(x + r0 * n, y + r0 * n, nr, n, log);
    }
    return;
  }
  auto block = isa == Isa::kAvx512 ? SoftmaxInnerAvx512 : SoftmaxInnerAvx2;
  const int64_t chunks = (inner + kSoftmaxChunk - 1) / kSoftmaxChunk;
#pragma omp parallel for if (outer * n * inner > 16384 && outer * chunks > 1)
  for (int64_t t = 0; t < outer * chunks; ++t) {
    const int64_t o = t / chunks, i0 = (t % chunks) * kSoftmaxChunk;
    block(x + o * n * inner, y + o * n * inner, n, inner, i0, std::min(inner, i0 + kSoftmaxChunk), log);
  }
}

const char* SoftmaxKernelName(Isa isa) {
  if (!SoftmaxX86Supported(isa)) return "portable";
  return isa == Isa::kAvx512 ? "avx512 vec" : "avx2 vec";
}

}  // namespace x86
}  // namespace ember
