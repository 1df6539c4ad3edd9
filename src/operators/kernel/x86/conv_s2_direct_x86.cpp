// The x86 levels' direct stride-2 conv kernels for the shared driver (simd/conv_s2_direct.cpp).
#include "operators/kernel/x86/conv_s2_direct_x86.h"

#include "operators/kernel/x86/activation_x86.h"

namespace ember {
namespace x86 {

bool ConvDirectS2Supported(const ConvGeometry& g, Isa isa) {
  return (isa == Isa::kAvx2 || isa == Isa::kAvx512) && IsaSupported(isa) && simd::ConvDirectS2ShapeSupported(g);
}

bool ConvDirectS2Pays(const ConvGeometry& g, Isa isa) {
  return ConvDirectS2Supported(g, isa) && simd::ConvDirectS2ShapePays(g);
}

void ConvDirectS2(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, Isa isa) {
  const simd::ConvS2Kernels ks = {isa == Isa::kAvx512 ? ConvS2RowsAvx512 : ConvS2RowsAvx2, GatherEvenFor(isa)};
  if (!simd::ConvDirectS2(g, packed, bias, act, input, output, ks))
    ActivationArray(act, output, output, g.batch * g.out_c * g.out_h * g.out_w, isa);
}

const char* ConvDirectS2Name(const ConvGeometry& g, Isa isa) {
  static const char* const kNames[2][3] = {{"direct 3x3s2 avx2", "direct 5x5s2 avx2", "direct 7x7s2 avx2"},
                                           {"direct 3x3s2 avx512", "direct 5x5s2 avx512", "direct 7x7s2 avx512"}};
  return kNames[isa == Isa::kAvx512][(g.kernel_h - 3) / 2 % 3];
}

}  // namespace x86
}  // namespace ember
