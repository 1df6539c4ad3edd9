// Per-ISA depthwise plane kernels (dwconv_avx2.cpp / dwconv_avx512.cpp); the driver is conv_x86.cpp.
// Kept free of framework headers: these files are compiled with -mavx2 / -mavx512f.
#pragma once

#include <cstdint>

#include "operators/kernel/x86/sgemm_x86.h"

namespace ember {
namespace x86 {

// ---- per-ISA depthwise row kernels (dwconv_avx2.cpp / dwconv_avx512.cpp) ----
struct DwArgs {
  const float* planes[2];  // stride 1: the padded plane; stride 2: its even and odd columns
  int64_t plane_stride;    // floats per padded row
  int k, stride;           // kernel size (3 or 5), stride (1 or 2)
  int64_t out_h, out_w;
  const float* w;          // k * k taps
  float bias;
  float* out;              // out_h x out_w
  GemmEpilogue ep;         // act / lo / hi / slope used
};
void DwConvPlaneAvx2(const DwArgs& a);
void DwConvPlaneAvx512(const DwArgs& a);

}  // namespace x86
}  // namespace ember
