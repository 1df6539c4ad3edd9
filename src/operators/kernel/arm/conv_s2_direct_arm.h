// ARM direct KxK (3, 5 or 7) stride-2 convolution for convs with few input channels (a network's first conv):
// the shared driver (simd/conv_s2_direct.h, which describes the method) with the NEON row kernel of
// conv_s2_direct_neon.cpp. It runs where x86's measured rule picks it (the same thresholds, kConvS2MaxInC and
// kConvS2MinOutW). Under qemu-aarch64 (user time, min of 3-5 runs against im2col + GEMM) squeezenet's and
// mobilenet's 3x3 stems took ~10% less, googlenet's 7x7 stem about the same: qemu charges the float lanes, the
// same in both, and hardly the im2col copy this path saves; no ARM hardware measured yet.
#pragma once

#include <vector>

#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/simd/conv_s2_direct.h"

namespace ember {
struct ActivationSpec;

namespace arm {

using simd::ConvS2Args;
using simd::GemmEpilogue;
using simd::kConvS2CB;
void ConvS2RowsNeon(const ConvS2Args& a);  // conv_s2_direct_neon.cpp

// True when ConvDirectS2Arm handles `g` at `isa` (neon, supported, simd::ConvDirectS2ShapeSupported).
bool ConvDirectS2Supported(const ConvGeometry& g, Isa isa);
// True when the conv path should take it for `g` (also simd::ConvDirectS2ShapePays).
bool ConvDirectS2Pays(const ConvGeometry& g, Isa isa);

// The conv on a filter packed by simd::PackConvDirectS2Filter, bias [cout] (not null), any activation (clamp /
// leaky fused, the others applied after). Requires ConvDirectS2Supported(g, ActiveIsa()).
void ConvDirectS2Arm(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                     const float* input, float* output);

// "direct 3x3s2 neon", "direct 5x5s2 neon", "direct 7x7s2 neon".
const char* ConvDirectS2Name(const ConvGeometry& g);

}  // namespace arm
}  // namespace ember
