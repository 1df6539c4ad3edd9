// The x86 levels' depthwise row kernels for the shared driver (simd/dwconv.cpp).
#include "operators/kernel/x86/dwconv_x86.h"

#include "operators/conv_op.h"

namespace ember {
namespace x86 {

namespace {

// The row kernel's ISA: 5x5 planes at most 8 outputs wide (the 7x7 ends of mnasnet / efficientnet) run faster
// with 8-lane vectors (7 of 16 lanes would be wasted, and 25 weights + accumulators spill 32 registers):
// measured 1.18x at stride 1 and 1.14x at stride 2. 3x3 planes that narrow stay on AVX-512 (faster there).
Isa KernelIsa(const ConvGeometry& g, Isa isa) {
  if (isa == Isa::kAvx512 && g.kernel_w == 5 && g.out_w <= 8) return Isa::kAvx2;
  return isa;
}

// Output rows one kernel pass computes (EMBER_DW_R<k>S<s> in dwconv_avx2.cpp / dwconv_avx512.cpp); row bands
// are whole passes.
int64_t RowsPerPass(const ConvGeometry& g, Isa kernel_isa) {
  const bool s1 = g.stride_h == 1;
  if (g.kernel_h == 3) return kernel_isa == Isa::kAvx512 && s1 ? 7 : 4;
  return kernel_isa == Isa::kAvx512 || s1 ? 3 : 2;
}

}  // namespace

bool DepthwiseKernelSupported(const ConvGeometry& g, Isa isa) {
  return (isa == Isa::kAvx2 || isa == Isa::kAvx512) && IsaSupported(isa) && simd::DepthwiseShapeSupported(g);
}

const char* DepthwiseKernelName(const ConvGeometry& g, Isa isa) {
  if (!DepthwiseKernelSupported(g, isa)) return "dw ref";
  static const char* const kNames[2][2][2] = {
      {{"dw3x3s1 avx2", "dw3x3s2 avx2"}, {"dw5x5s1 avx2", "dw5x5s2 avx2"}},
      {{"dw3x3s1 avx512", "dw3x3s2 avx512"}, {"dw5x5s1 avx512", "dw5x5s2 avx512"}}};
  return kNames[KernelIsa(g, isa) == Isa::kAvx512][g.kernel_h == 5][g.stride_h == 2];
}

void DepthwiseConvX86(const ConvGeometry& g, const float* filter, const float* bias, const GemmEpilogue& ep,
                      const float* input, float* output, Isa isa, DwPostFn post, const void* post_ctx) {
  const Isa kisa = KernelIsa(g, isa);
  const simd::DwKernels ks = {kisa == Isa::kAvx512 ? DwConvRowsAvx512 : DwConvRowsAvx2, RowsPerPass(g, kisa)};
  simd::DepthwiseConv(g, filter, bias, ep, input, output, ks, post, post_ctx);
}

}  // namespace x86
}  // namespace ember
