// Depthwise 3x3 / 5x5 convolution on x86 (AVX2+FMA and AVX-512 variants, dwconv_avx2.cpp / dwconv_avx512.cpp,
// one source simd/dwconv_kernel.inc; the shared driver simd/dwconv.cpp, given the kernel by dwconv_x86.cpp).
//
// The kernels read the NCHW input in place (no padded copy): each pass computes R output rows x one vector
// of output columns, loading every input row it needs once per pass and feeding it to each of the R rows it
// contributes to. Vectors whose window lies inside the input use plain unaligned loads; border vectors
// (left/right padding, the ragged last vector, planes narrower than a vector) use masked loads whose
// masked-off lanes read zero (and never touch memory), and rows above/below the input are skipped. Stride 2
// deinterleaves even/odd columns from two loads with in-register permutes. Bias and relu/relu6/clip/leaky
// are applied before the store. Rows per pass (measured): AVX-512 3x3s1 7, 3x3s2 4, 5x5 3; AVX2 4, 4, 3 / 2.
// Measured against the padded-copy kernels on this kind of machine (AVX-512, 1 thread, mobilenet_v2's 17
// depthwise layers): 3.42 -> 0.95 ms; stride-1 3x3 planes >= 28 wide reach 63-70 GFLOP/s, stride 2 ~29.
//
// Kept free of framework headers: dwconv_avx2.cpp / dwconv_avx512.cpp include it and are compiled with
// -mavx2 / -mavx512f (ConvGeometry is only declared here).
#pragma once

#include <cstdint>

#include "operators/kernel/simd/dwconv.h"
#include "operators/kernel/x86/sgemm_x86.h"

namespace ember {
struct ConvGeometry;

namespace x86 {

using simd::DwPostFn;
using simd::DwRowsArgs;
void DwConvRowsAvx2(const DwRowsArgs& a);
void DwConvRowsAvx512(const DwRowsArgs& a);

// True when DepthwiseConvX86 handles `g` on `isa`: groups == in_c == out_c, square 3x3 or 5x5 kernel, equal
// strides of 1 or 2, dilation 1, any padding; isa avx2 or avx512 and supported by this machine.
bool DepthwiseKernelSupported(const ConvGeometry& g, Isa isa);

// Depthwise conv of NCHW `input` into NCHW `output` with filter [C, 1, k, k], bias [C] (not null), the
// epilogue's activation (ep.act / lo / hi / slope), then `post` per plane when given. Parallel over planes
// (and row bands when there are few planes) with MaxThreads() threads, serial inside a parallel
// region. Requires DepthwiseKernelSupported(g, isa).
void DepthwiseConvX86(const ConvGeometry& g, const float* filter, const float* bias, const GemmEpilogue& ep,
                      const float* input, float* output, Isa isa, DwPostFn post = nullptr,
                      const void* post_ctx = nullptr);

// The kernel DepthwiseConvX86 runs for `g` on `isa`, for the profile's kernel column, e.g. "dw3x3s2 avx512";
// "dw ref" when it does not handle `g`.
const char* DepthwiseKernelName(const ConvGeometry& g, Isa isa);

}  // namespace x86
}  // namespace ember
