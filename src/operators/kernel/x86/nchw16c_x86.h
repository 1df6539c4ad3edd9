// Kernels on the packed NCHW16c layout: a tensor [N, C, H, W] is stored as [N, ceil(C/16), H, W, 16], so the
// 16 channels of one pixel are one AVX-512 vector (two AVX2 vectors). Channels past C are padding; the
// kernels keep it finite (zero weights and bias), and only the conversion back drops it.
//
// Which ops run in this layout is decided by the optimizer pass (src/passes/nchw16c_layout_pass.cpp), which
// also inserts the layout_transform ops at the region borders: the kernels never convert.
// - Pointwise 1x1 stride-1 conv: micro-tiles of 6 pixels x 64 output channels (AVX-512: 24 accumulators,
//   weights as vectors, each input value broadcast) or 6 x 16 (AVX2), bias + relu-type epilogue.
// - Depthwise 3x3 / 5x5, stride 1 or 2, any padding: each tap is one vector load of a pixel's 16 channels, so
//   stride 2 needs no deinterleaving and short rows (7x7, 14x14) waste no lanes.
// AVX2 / AVX-512 variants come from nchw16c_kernel.inc (nchw16c_avx2.cpp, nchw16c_avx512.cpp); the generic
// level runs plain loops (nchw16c_x86.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "operators/kernel/x86/sgemm_x86.h"

namespace ember {
struct ConvGeometry;
struct ActivationSpec;

namespace x86 {

constexpr int64_t kBlock16c = 16;
inline int64_t Blocks16c(int64_t c) { return (c + kBlock16c - 1) / kBlock16c; }

// The conversions NCHW <-> NCHW16c are the layout_transform op's (central-arm-func/layout_transform_func.h).

// ---- pointwise ----
// Output channels per packed weight group (one AVX-512 micro-tile's width).
constexpr int64_t kPw16cGroup = 64;
// Packs filter [cout, cin] (1x1) as groups of up to 64 output channels: group g holds cin_p rows of
// gw = min(64, cout_p - 64 g) floats (row i: the weights of input channel i), zero past cin / cout.
// cin_p and cout_p are cin and cout rounded up to 16.
void PackPointwise16c(int64_t cout, int64_t cin, const float* filter, std::vector<float>* packed);

struct Pw16cArgs {
  const float* in;     // [cin_p / 16][hw][16]
  const float* w;      // one group of PackPointwise16c: [cin_p][gw]
  const float* bias;   // gw values (the group's, zero-padded)
  float* out;          // the group's first output block: [gw / 16 blocks][hw][16]
  int64_t hw, cin_p, gw;
  int64_t p0, p1;      // pixels to compute
  GemmEpilogue ep;     // act / lo / hi / slope
};
void Pw16cAvx2(const Pw16cArgs& a);
void Pw16cAvx512(const Pw16cArgs& a);

// ---- depthwise ----
// Packs filter [c, 1, k, k] as [ceil(c/16)][k * k][16] (zero past c).
void PackDepthwise16c(int64_t c, int64_t k, const float* filter, std::vector<float>* packed);

struct Dw16cArgs {
  const float* in;     // one channel block: [in_h][in_w][16]
  float* out;          // [out_h][out_w][16]
  const float* w;      // [k * k][16]
  const float* bias;   // [16]
  int64_t in_h, in_w, out_h, out_w, pad_top, pad_left;
  int k, stride;       // 3 or 5; 1 or 2
  int64_t row0, row1;  // output rows to compute
  GemmEpilogue ep;
};
void Dw16cAvx2(const Dw16cArgs& a);
void Dw16cAvx512(const Dw16cArgs& a);

// ---- drivers (OpenMP over the predictor's threads; any isa, generic runs plain loops) ----
// True when the 16c kernels handle conv `g` (batch and spatial sizes are free): a 1x1 stride-1 unpadded
// ungrouped conv, or a depthwise (groups == in_c == out_c) square 3x3 / 5x5 with equal strides 1 or 2 and
// dilation 1.
bool Pointwise16cSupported(const ConvGeometry& g);
bool Depthwise16cSupported(const ConvGeometry& g);

// `packed` / `bias` (padded to the 16c channel count) from the Pack functions; `act` any activation (the
// relu-type ones in the epilogue, the rest applied to each finished piece while in cache).
void Pointwise16c(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, Isa isa);
void Depthwise16c(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, Isa isa);
// "pw16c avx512", "dw3x3s2 16c avx2", ... for the profile.
const char* Conv16cKernelName(const ConvGeometry& g, Isa isa);

}  // namespace x86
}  // namespace ember
