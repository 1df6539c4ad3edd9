// Winograd convolution for 3x3, stride 1, dilation 1, group 1 convs (any padding), F(6,3) (8x8 tiles),
// F(4,3) (6x6 tiles) and F(2,3) (4x4 tiles, for small outputs), with the bias and activation fused in the output transform.
//
//   U = G g G^T          per (cout, cin), made once (WinogradPackFilter), shared like the packed GEMM filter
//   V = B^T d B          per input tile and cin, for a block of tiles at a time (WinoInput*)
//   M[pos] = V[pos]^T U[pos]   one GEMM per transform position (16, 36 or 64): rows = tiles, columns = cout
//   Y = A^T M A + bias   per tile, activation applied before the store (WinoOutput*)
//
// Layouts (floats):
//   u: [pos][cout panel of kWinoNB][cin][kWinoNB]   (cout padded with zero filters to a multiple of kWinoNB)
//   v: [pos][cin][ldv]   the block's tiles contiguous (ldv a multiple of 16 and of 6; tiles past nt up to the GEMM's rows are zero)
//   m: [pos][ldv][coutp] (coutp = cout rounded up to kWinoNB)
// The tiles of an image are numbered row-major (ty * tiles_w + tx); a block is a run [t0, t0 + nt) of them
// sized so that its v and m stay within a few MiB (the whole image is never transformed at once when large).
//
// Shared by the instruction-set folders (x86/, arm/) like simd/sgemm.h: the per-level kernels (one source,
// winograd_kernel.inc, instantiated by simd/winograd_generic.cpp, x86/winograd_{avx2,avx512}.cpp and
// arm/winograd_neon.cpp) are kept free of framework headers; the driver here (winograd.cpp) tiles, threads
// (OpenMP, the predictor's thread count, serial inside a parallel region) and runs the kernel set its folder
// passes (x86/winograd_x86.h, arm/winograd_arm.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "operators/kernel/kernels_built.h"
#include "operators/kernel/simd/sgemm.h"

namespace ember {
struct ConvGeometry;
struct ActivationSpec;

namespace simd {

constexpr int kWinoNB = 32;  // columns (output channels) of a packed filter panel
constexpr int kWinoMR = 6;   // rows (tiles) of a GEMM micro-tile
// Floats past the end of v a GEMM may read (aarch64 loads a micro-tile's 6 tile values as 8; the 2 extra
// lanes are never used).
constexpr int kWinoVSlack = 8;

// ---- per-ISA kernels ----
struct WinoInArgs {
  const float* input;      // one image, in_c x in_h x in_w
  int64_t in_c, in_h, in_w;
  int64_t pad_top, pad_left;
  int64_t tiles_w;         // tiles per row of the output
  int64_t t0, nt;          // the block's tiles [t0, t0 + nt) of the image
  int64_t c0, c1;          // input channels to transform
  float* v;                // [pos][in_c][ldv] (channel lanes: [pos][ldv][ldk])
  int64_t ldv;             // tiles per position row, a multiple of 16; tiles nt..(nt rounded up to kWinoMR) get
                           // zeros (tile lanes: up to a whole vector)
  int64_t ldk;             // channel lanes: floats per tile row of v (in_c rounded up to the lanes)
};
struct WinoGemmArgs {
  const float* v;          // one position: [K][ldv] (channel lanes: [tiles][ldv], tile-major)
  int64_t ldv;             // floats from one k step to the next (channel lanes: from one tile to the next)
  int64_t live;            // tiles holding data: m's rows past them may be left unwritten
  int64_t K;               // input channels
  const float* u;          // one position's first panel to compute: [panels][K][kWinoNB]
  int64_t panels;
  float* m;                // one position, column of that first panel: [tiles][ldm]
  int64_t ldm;
};
struct WinoOutArgs {
  const float* m;          // [pos][ldv][ldm]
  int64_t ldv, ldm;
  float* output;           // one image, out_c x out_h x out_w
  int64_t out_c, out_h, out_w;
  int64_t tiles_w;
  int64_t t0;              // the block's first tile (image numbering)
  int64_t ta, tb;          // tiles of the block to write: [ta, tb) (block numbering)
  const float* bias;       // [ldm], zero padded
  GemmEpilogue ep;         // act / lo / hi / slope (bias, alpha, beta unused)
};
// Channel lanes: items [item0, item1) (block * h + row) of an image moved between c planes of h x w (planes)
// and the channel-packed [ceil(c / VW)][ph][pw][VW] (packed), plane row `row` at packed row row + top, column
// left on; pack writes only those pixels, unpack reads them.
struct WinoPackArgs {
  const float* src;
  float* dst;
  int64_t c, h, w, ph, pw, top, left;
  int64_t item0, item1;
};
struct WinoKernels {
  void (*input6)(const WinoInArgs&);
  void (*input4)(const WinoInArgs&);
  void (*input2)(const WinoInArgs&);
  void (*gemm)(const WinoGemmArgs&);
  void (*output6)(const WinoOutArgs&);
  void (*output4)(const WinoOutArgs&);
  void (*output2)(const WinoOutArgs&);
  // The driver gives the input transform a zero-padded copy of the image (no pad, every tile inside), for
  // kernels whose fast path needs whole patches.
  bool pads_input;
  // 0, or the kernels' vector width VW: the input transform's lanes are channels. The driver then gives it the
  // image zero-padded as [ceil(in_c / VW)][h][w][VW] (a pixel's VW channels one vector load), v is tile-major
  // ([pos][tile][ldk]: a tile's channels one vector store) and the GEMM reads it so; no gathers.
  int channel_lanes;
  void (*pack)(const WinoPackArgs&);    // planes (src) -> packed (dst); channel lanes only
  void (*unpack)(const WinoPackArgs&);  // packed (src) -> planes (dst)
};
// The portable level (winograd_generic.cpp: GCC vector extensions, 4 lanes), every folder's level 0.
WinoKernels WinoKernelsGeneric();

// ---- driver ----
// True for the geometries the Winograd path computes: 3x3, stride 1, dilation 1, group 1, any padding.
bool WinogradSupported(const ConvGeometry& g);

// Output tile size the conv path should use for `g`: 6 (F(6,3)), 4 (F(4,3)), 2 (F(2,3)) or 0 for the GEMM path.
// The rule (measured on x86, see winograd.cpp) may be overridden with
// EMBER_CONV=gemm|winograd|winograd2|winograd4|winograd6. single_m 0: the rule's tile size; else single_m
// wherever the rule (or EMBER_CONV=winograd) picks any Winograd (EMBER_CONV=winogradN still forces N).
int WinogradChoose(const ConvGeometry& g, int single_m);

// Floats and layout of u for tile size m (2, 4 or 6).
size_t WinogradPackedSize(const ConvGeometry& g, int m);
void WinogradPackFilter(const ConvGeometry& g, int m, const float* filter, std::vector<float>* packed);

// The conv on a packed filter with the kernel set `ks`; bias [out_c] (not null). Returns false when `act` is not
// of the clamp/leaky family the output transform fuses: the caller then applies it to the output.
// Requires WinogradSupported(g) and m 2, 4 or 6.
bool ConvWinograd(const ConvGeometry& g, int m, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, const WinoKernels& ks);

}  // namespace simd
}  // namespace ember
