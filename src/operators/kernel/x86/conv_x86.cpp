#include "operators/kernel/x86/conv_x86.h"

#include "operators/kernel/x86/activation_x86.h"

namespace ember {
namespace x86 {

void ConvGemmPacked(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                    const float* input, float* output, Isa isa) {
  if (!IsaSupported(isa)) isa = DetectedIsa();
  if (!simd::ConvGemmPacked(g, packed, bias, act, input, output, GemmKernelsOf(isa)))
    ActivationArray(act, output, output, g.batch * g.out_c * g.out_h * g.out_w, isa);
}

}  // namespace x86
}  // namespace ember
