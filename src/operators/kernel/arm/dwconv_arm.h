// ARM depthwise 3x3 / 5x5 (stride 1 / 2) on NEON, four channels at a time (dwconv4c_neon.cpp): per group of
// four planes and band of output rows, the input rows are interleaved into a zero-padded pack4 tile and every
// tap is one vector FMA. Guest instructions under qemu against the in-place NCHW row kernel it replaced (the
// x86 one of simd/dwconv_kernel.inc over NEON), 3x3 with relu6: 112x112x32 s1 2.86M -> 2.33M, 56x56x144 s1
// 3.59M -> 2.68M, 14x14x576 s1 2.07M -> 0.88M, 7x7x960 s1 1.52M -> 0.50M, 112x112x96 s2 3.85M -> 2.73M.
#pragma once

#include <cstdint>

#include "operators/kernel/arm/cpu_arm.h"
#include "operators/kernel/kernels_built.h"
#include "operators/kernel/simd/dwconv.h"  // DepthwiseShapeSupported, DwPostFn

namespace ember {
namespace arm {

// One group of four planes, one band of output rows (dwconv4c_neon.cpp).
struct Dw4cArgs {
  // NCHW4c (conv4c_arm.h): the group's input block [in_h][in_w][4], rows copied into the tile as they are; the
  // output goes straight to otile, the block's rows [row0, row1). Null: NCHW planes (src, out).
  const float* packed_in = nullptr;
  const float* src[4];  // the group's input planes (a channel tail repeats its last plane)
  float* out[4];        // their output planes; only the first `planes` are written
  int planes;
  const float* w[4];    // each plane's k * k taps
  float bias[4];
  int64_t in_h, in_w, out_w, pad_left;
  int k, stride;
  int64_t row0, row1;   // output rows to compute
  float* tile;          // tile_rows x tile_cols pixels of 4 floats: row r holds input row first + r
  int64_t tile_rows, tile_cols, first;
  unsigned char* holds_input;  // per tile row: input packed there (else zeros)
  float* otile;         // (row1 - row0) * out_w pixels of 4 floats: the band's output before de-interleaving
  simd::GemmEpilogue ep;
};
void Dw4cNeon(const Dw4cArgs& a);  // packs the band into the tile, then computes it

// The pack4 row passes' activation kinds: 0 none, 1 clamp [lo, hi], 2 leaky, 3 relu (a clamp with hi = +inf:
// max only). One row pass per kind the build's activations need (kernels_built.h); a fused activation of
// another kind runs as kind 0 with the activation applied after (ConvRun).
constexpr bool kDw4cActBuilt[4] = {
    true, ActivationBuilt("relu6") || ActivationBuilt("clip"), ActivationBuilt("leaky_relu"),
    ActivationBuilt("relu") || ActivationBuilt("relu6") || ActivationBuilt("clip")};

// True when DepthwiseArm handles `g` at `isa` (neon, supported, a shape the kernels take).
bool DepthwiseKernelSupported(const ConvGeometry& g, Isa isa);
// Requires DepthwiseKernelSupported(g, isa); see simd::DepthwiseConv. `packed`: input and output NCHW4c, bias
// padded to 4.
void DepthwiseArm(const ConvGeometry& g, const float* filter, const float* bias, const simd::GemmEpilogue& ep,
                  const float* input, float* output, simd::DwPostFn post, const void* post_ctx, bool packed = false);
// "dw3x3s1 neon", ...; "dw ref" when it does not handle `g`.
const char* DepthwiseKernelName(const ConvGeometry& g, Isa isa);

}  // namespace arm
}  // namespace ember
