// The driver of the in-place NCHW depthwise 3x3 / 5x5 row kernels (x86/dwconv_x86.h describes them, written
// once in dwconv_kernel.inc; ARM packs four channels per vector instead, arm/dwconv_arm.h): splits the planes
// (and, when there are few of them, bands of output rows) over the threads and calls the level's row kernel,
// which the folder picks per geometry.
// Kept free of framework headers (ConvGeometry is only declared here): the per-ISA kernel files include it.
#pragma once

#include <cstdint>

#include "operators/kernel/kernels_built.h"
#include "operators/kernel/simd/sgemm.h"

namespace ember {
struct ConvGeometry;

namespace simd {

// ---- in-place kernels: output rows [row0, row1) of one plane ----
struct DwRowsArgs {
  const float* in;         // in_h x in_w, row-major (no padding, no slack needed)
  float* out;              // out_h x out_w
  int64_t in_h, in_w, out_h, out_w;
  int64_t pad_top, pad_left;  // bottom / right padding follow from out_h / out_w
  int k, stride;           // 3 or 5; 1 or 2
  int64_t row0, row1;      // output rows to compute
  const float* w;          // k * k taps
  float bias;
  GemmEpilogue ep;         // act / lo / hi / slope used (bias / alpha / beta ignored)
};
using DwRowsFn = void (*)(const DwRowsArgs& a);

// Called on each finished piece of output (n floats: a plane, or a band of whole rows of one) while it is still
// in cache, from the thread that computed it, e.g. for an activation the epilogue does not fuse.
using DwPostFn = void (*)(float* out, int64_t n, const void* ctx);

// The row kernel for a geometry and the output rows one of its passes computes (EMBER_DW_R<k>S<s> of its
// file; row bands are whole passes).
struct DwKernels {
  DwRowsFn rows;
  int64_t rows_per_pass;
};

// True for the geometries the kernels handle: groups == in_c == out_c, square 3x3 or 5x5 kernel, equal
// strides of 1 or 2, dilation 1, any padding.
bool DepthwiseShapeSupported(const ConvGeometry& g);

// Depthwise conv of NCHW `input` into NCHW `output` with filter [C, 1, k, k], bias [C] (not null), the
// epilogue's activation (ep.act / lo / hi / slope), then `post` per plane when given. Parallel over planes
// (and row bands when there are few planes) with MaxThreads() threads, serial inside a parallel
// region. Requires DepthwiseShapeSupported(g).
void DepthwiseConv(const ConvGeometry& g, const float* filter, const float* bias, const GemmEpilogue& ep,
                   const float* input, float* output, const DwKernels& ks, DwPostFn post = nullptr,
                   const void* post_ctx = nullptr);

}  // namespace simd
}  // namespace ember
