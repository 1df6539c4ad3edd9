#include "operators/kernel/x86/softmax_x86.h"

namespace ember {
namespace x86 {

void SoftmaxX86(const float* x, float* y, int64_t outer, int64_t n, int64_t inner, bool log, Isa isa) {
  static const simd::SoftmaxKernels kAvx2 = {SoftmaxRowsAvx2, SoftmaxInnerAvx2};
  static const simd::SoftmaxKernels kAvx512 = {SoftmaxRowsAvx512, SoftmaxInnerAvx512};
  simd::SoftmaxRun(x, y, outer, n, inner, log, isa == Isa::kAvx512 ? kAvx512 : kAvx2);
}

const char* SoftmaxKernelName(Isa isa) {
  if (!SoftmaxX86Supported(isa)) return "portable";
  return isa == Isa::kAvx512 ? "avx512 vec" : "avx2 vec";
}

}  // namespace x86
}  // namespace ember
