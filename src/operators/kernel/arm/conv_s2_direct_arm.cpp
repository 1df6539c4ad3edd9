// The NEON direct stride-2 conv kernel for the shared driver (simd/conv_s2_direct.cpp).
#include "operators/kernel/arm/conv_s2_direct_arm.h"

#include "operators/conv_op.h"
#include "operators/kernel/arm/sgemm_arm.h"
#include "operators/kernel/arm/vmath_arm.h"

namespace ember {
namespace arm {

bool ConvDirectS2Supported(const ConvGeometry& g, Isa isa) {
  return isa == Isa::kNeon && IsaSupported(isa) && simd::ConvDirectS2ShapeSupported(g);
}

bool ConvDirectS2Pays(const ConvGeometry& g, Isa isa) {
  return ConvDirectS2Supported(g, isa) && simd::ConvDirectS2ShapePays(g);
}

void ConvDirectS2Arm(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                     const float* input, float* output) {
  const simd::ConvS2Kernels ks = {ConvS2RowsNeon, GatherEvenNeon};
  if (!simd::ConvDirectS2(g, packed, bias, act, input, output, ks))
    ActivationArrayArm(act, output, output, g.batch * g.out_c * g.out_h * g.out_w);
}

const char* ConvDirectS2Name(const ConvGeometry& g) {
  static const char* const kNames[3] = {"direct 3x3s2 neon", "direct 5x5s2 neon", "direct 7x7s2 neon"};
  return kNames[(g.kernel_h - 3) / 2 % 3];
}

}  // namespace arm
}  // namespace ember
