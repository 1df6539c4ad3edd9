#include "operators/kernel/arm/dwconv_arm.h"

#include "operators/conv_op.h"

namespace ember {
namespace arm {

bool DepthwiseKernelSupported(const ConvGeometry& g, Isa isa) {
  return isa == Isa::kNeon && IsaSupported(isa) && simd::DepthwiseShapeSupported(g);
}

void DepthwiseArm(const ConvGeometry& g, const float* filter, const float* bias, const simd::GemmEpilogue& ep,
                  const float* input, float* output, simd::DwPostFn post, const void* post_ctx) {
  // Rows per pass: EMBER_DW_R<k>S<s> of dwconv_neon.cpp.
  const int64_t rows = g.kernel_h == 3 ? 4 : g.stride_h == 1 ? 3 : 2;
  simd::DepthwiseConv(g, filter, bias, ep, input, output, simd::DwKernels{DwConvRowsNeon, rows, /*pad_input=*/true}, post, post_ctx);
}

const char* DepthwiseKernelName(const ConvGeometry& g, Isa isa) {
  if (!DepthwiseKernelSupported(g, isa)) return "dw ref";
  static const char* const kNames[2][2] = {{"dw3x3s1 neon", "dw3x3s2 neon"}, {"dw5x5s1 neon", "dw5x5s2 neon"}};
  return kNames[g.kernel_h == 5][g.stride_h == 2];
}

}  // namespace arm
}  // namespace ember
