// ARM convs on the packed NCHW4c layout (operators/packed_layout.h): a tensor [N, C, H, W] stored as
// [N, ceil(C/4), H, W, 4], the 4 channels of a pixel one q register. Channels past C are padding the kernels
// keep at zero (zero weights and bias; an activation of 0 stays finite), dropped by the conversion back.
// The layout pass moves regions of these convs (with the elementwise ops between them) to this layout where
// they pay; the kernels never convert. Against the NCHW kernels they replace, a depthwise conv no longer
// interleaves its four planes into a tile and back, and a 1x1 conv reads its input in place (no packed panels).
// - Pointwise 1x1 stride-1 unpadded ungrouped: tiles of 8 pixels x 8 output channels (16 q accumulators;
//   each input vector's 4 channels broadcast by lane: 4 loads and 64 FMAs per 4 input channels, in assembly),
//   bias + relu-type epilogue (pw4c_neon.cpp).
// - Depthwise 3x3 / 5x5 stride 1 / 2: the pack4 row passes of dwconv4c_neon.cpp, reading the packed rows.
#pragma once

#include <cstdint>
#include <vector>

#include "operators/kernel/simd/sgemm.h"

namespace ember {
struct ConvGeometry;
struct ActivationSpec;

namespace arm {

constexpr int64_t kBlock4c = 4;
constexpr int64_t kPw4cGroup = 8;  // output channels per packed weight group (one tile's width)

bool Pointwise4cSupported(const ConvGeometry& g);
bool Depthwise4cSupported(const ConvGeometry& g);  // the shapes (and, in a net profile, variants) built

// Packs filter [cout, cin] (1x1) as groups of 8 output channels: group q holds cin_p rows of 8 floats (row i:
// input channel i's weights for the group's outputs), zero past cin / cout; cin_p = cin rounded up to 4.
void PackPointwise4c(int64_t cout, int64_t cin, const float* filter, std::vector<float>* packed);

struct Pw4cArgs {
  const float* in;     // [cin_p / 4][hw][4]
  const float* w;      // one group of PackPointwise4c: [cin_p][8]
  const float* bias;   // 8 values (the group's, zero-padded)
  const float* bias_rows;  // the asm tile's first sums: each block's 4 bias values 8 times (64 floats)
  float* out;          // the group's first output block: [blocks][hw][4]
  int64_t hw, cin_p;
  int blocks;          // 2, or 1 for a last group of 4 channels
  int64_t p0, p1;      // pixels to compute
  simd::GemmEpilogue ep;  // act / lo / hi / slope
};
void Pw4cNeon(const Pw4cArgs& a);

// `packed` from PackPointwise4c, `bias` padded to 8; any activation (relu-type in the epilogue, the rest applied
// to each finished piece while in cache). Threads: MaxThreads() outside a parallel region.
void Pointwise4cArm(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                    const float* input, float* output);
// `filter` the plain [C, 1, k, k] one, `bias` padded to 4.
void Depthwise4cArm(const ConvGeometry& g, const float* filter, const float* bias, const ActivationSpec& act,
                    const float* input, float* output);
// "pw nchw4c neon", "dw3x3s2 nchw4c neon", ...
const char* Conv4cKernelName(const ConvGeometry& g);

}  // namespace arm
}  // namespace ember
