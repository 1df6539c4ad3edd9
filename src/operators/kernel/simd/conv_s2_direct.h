// Direct KxK (3, 5 or 7) stride-2 convolution (groups 1, dilation 1) for convs with few input channels, where
// the GEMM path spends most of its time unfolding the image: a network's first conv (3 -> 32 channels, 3x3)
// ran at ~30% of the FMA limit through im2col + GEMM on x86, resnet's 7x7 stem at ~60%.
//
// Each image is first split, per padded input row, into its even and its odd columns (E[m] = row[2m],
// O[m] = row[2m + 1] of the zero-padded row), so the kernel reads every tap as a plain vector load: output
// column o needs E[o], O[o], E[o + 1], O[o + 1], ... (K taps). The kernel then computes kConvS2CB output
// channels x NV vectors of one output row per tile, weights broadcast from a packed copy, bias and clamp /
// leaky activation in the epilogue. Threads split the output rows.
//
// Shared by the instruction-set folders like simd/winograd.h: the row kernel is written once
// (conv_s2_direct_kernel.inc, instantiated by x86/conv_s2_direct_{avx2,avx512}.cpp and
// arm/conv_s2_direct_neon.cpp, kept free of framework headers); the driver here (conv_s2_direct.cpp) packs the
// filter, splits the input and threads, with the kernels its folder passes (x86/conv_s2_direct_x86.h,
// arm/conv_s2_direct_arm.h).
#pragma once

#include <cstdint>
#include <vector>

#include "operators/kernel/kernels_built.h"
#include "operators/kernel/simd/sgemm.h"

namespace ember {
struct ActivationSpec;
struct ConvGeometry;

namespace simd {

constexpr int kConvS2CB = 4;  // output channels per kernel tile (the packed filter's block)
// The direct conv is used up to this many input channels and from this output width (ConvDirectS2Pays).
// Measured on x86, 1 thread, AVX-512 (ms, direct / GEMM): 3 -> 32 at 208x208 out 0.51 / 1.19, 3 -> 32 at
// 112x112 0.19 / 0.30, 32 -> 64 at 104x104 2.49 / 3.14; 64 -> 128 at 28x28 0.82 / 0.77, 128 -> 256 at 14x14
// 1.26 / 0.81, 256 -> 512 at 7x7 2.59 / 0.94 (narrow rows waste lanes, deep inputs favour the GEMM's reuse).
// ARM uses the same thresholds (arm/conv_s2_direct_arm.h).
constexpr int64_t kConvS2MaxInC = 32;
constexpr int64_t kConvS2MinOutW = 32;

// One call of a level's row kernel: output rows [oh0, oh1) of every output channel.
struct ConvS2Args {
  int k;                // kernel size: 3, 5 or 7
  const float* split;   // [cin][prows][2][w2]: each padded input row's even columns, then its odd columns
  int64_t cin, prows, w2;
  const float* w;       // packed filter: [ceil(cout / kConvS2CB)][cin][k * k][kConvS2CB], zero past cout
  const float* bias;    // [cout]
  int64_t cout;
  float* out;           // [cout][out_h][out_w]
  int64_t out_h, out_w;
  int64_t oh0, oh1;
  GemmEpilogue ep;      // act / lo / hi / slope used
};

// A level's kernels: the row kernel (EMBER_S2_ROWS of conv_s2_direct_kernel.inc) and the even-column gather
// that splits the input rows (the level's GemmKernels::gather_even).
struct ConvS2Kernels {
  void (*rows)(const ConvS2Args& a);
  GatherEvenFn gather_even;
};

// True for the geometries the kernels handle: groups 1, square 3x3 / 5x5 / 7x7 kernel, stride 2, dilation 1,
// non-negative leading pads.
bool ConvDirectS2ShapeSupported(const ConvGeometry& g);
// True when the direct conv is also measured faster than the GEMM path for `g` (few input channels, rows at
// least kConvS2MinOutW wide).
bool ConvDirectS2ShapePays(const ConvGeometry& g);

// Packs filter [cout, cin, k, k] into the kernel's layout.
void PackConvDirectS2Filter(const ConvGeometry& g, const float* filter, std::vector<float>* packed);

// The conv of NCHW `input` into NCHW `output` with a packed filter and the kernel set `ks`, bias [cout] (not
// null). Returns false when `act` is not of the clamp / leaky family the epilogue fuses: the caller then
// applies it to the output. Requires ConvDirectS2ShapeSupported(g).
bool ConvDirectS2(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, const ConvS2Kernels& ks);

}  // namespace simd
}  // namespace ember
