// Driver of the in-place depthwise kernels (dwconv_x86.h): splits the planes (and, when there are few of them,
// bands of output rows) over the OpenMP threads and calls the ISA's row kernel. Compiled with the baseline
// flags.
#include "operators/kernel/x86/dwconv_x86.h"

#include <algorithm>

#include "operators/conv_op.h"

#ifdef _OPENMP
#include <omp.h>
#endif

namespace ember {
namespace x86 {

namespace {


// The row kernel's ISA: 5x5 planes at most 8 outputs wide (the 7x7 ends of mnasnet / efficientnet) run faster
// with 8-lane vectors (7 of 16 lanes would be wasted, and 25 weights + accumulators spill 32 registers):
// measured 1.18x at stride 1 and 1.14x at stride 2. 3x3 planes that narrow stay on AVX-512 (faster there).
Isa KernelIsa(const ConvGeometry& g, Isa isa) {
  if (isa == Isa::kAvx512 && g.kernel_w == 5 && g.out_w <= 8) return Isa::kAvx2;
  return isa;
}

// Output rows one kernel pass computes (EMBER_DW_R<k>S<s> in dwconv_avx2.cpp / dwconv_avx512.cpp); row bands
// are whole passes.
int64_t RowsPerPass(const ConvGeometry& g, Isa kernel_isa) {
  const bool s1 = g.stride_h == 1;
  if (g.kernel_h == 3) return kernel_isa == Isa::kAvx512 && s1 ? 7 : 4;
  return kernel_isa == Isa::kAvx512 || s1 ? 3 : 2;
}

}  // namespace

bool DepthwiseKernelSupported(const ConvGeometry& g, Isa isa) {
  return (isa == Isa::kAvx2 || isa == Isa::kAvx512) && IsaSupported(isa) && g.groups == g.in_c &&
         g.out_c == g.in_c && g.in_c >= 1 && g.kernel_h == g.kernel_w && (g.kernel_h == 3 || g.kernel_h == 5) &&
         g.stride_h == g.stride_w && (g.stride_h == 1 || g.stride_h == 2) && g.dilation_h == 1 &&
         g.dilation_w == 1 && g.pad_top >= 0 && g.pad_left >= 0 && g.out_h >= 1 && g.out_w >= 1 && g.in_h >= 1 &&
         g.in_w >= 1;
}

const char* DepthwiseKernelName(const ConvGeometry& g, Isa isa) {
  if (!DepthwiseKernelSupported(g, isa)) return "dw ref";
  static const char* const kNames[2][2][2] = {
      {{"dw3x3s1 avx2", "dw3x3s2 avx2"}, {"dw5x5s1 avx2", "dw5x5s2 avx2"}},
      {{"dw3x3s1 avx512", "dw3x3s2 avx512"}, {"dw5x5s1 avx512", "dw5x5s2 avx512"}}};
  return kNames[KernelIsa(g, isa) == Isa::kAvx512][g.kernel_h == 5][g.stride_h == 2];
}

void DepthwiseConvX86(const ConvGeometry& g, const float* filter, const float* bias, const GemmEpilogue& ep,
                      const float* input, float* output, Isa isa, DwPostFn post, const void* post_ctx) {
  const Isa kisa = KernelIsa(g, isa);
  void (*kernel)(const DwRowsArgs&) = kisa == Isa::kAvx512 ? DwConvRowsAvx512 : DwConvRowsAvx2;
  const int64_t per_pass = RowsPerPass(g, kisa);
  const int64_t planes = g.batch * g.in_c, in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  const int64_t k = g.kernel_h;
  int threads = 1;
#ifdef _OPENMP
  // Below ~50k multiply-adds (a few microseconds) a fork/join costs more than it saves.
  if (!omp_in_parallel() && planes * out_hw * k * k > 50000) threads = omp_get_max_threads();
#endif
  // Few planes for the threads: split each plane into bands of whole passes so the threads stay balanced.
  const int64_t passes = (g.out_h + per_pass - 1) / per_pass;
  int64_t bands = 1;
  if (threads > 1 && planes < 4 * threads)
    bands = std::min(passes, (4 * threads + planes - 1) / planes);
  const int64_t band_rows = (passes + bands - 1) / bands * per_pass;
  const int64_t tasks = planes * bands;
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
  for (int64_t task = 0; task < tasks; ++task) {
    const int64_t nc = task / bands, band = task % bands;
    const int64_t c = nc % g.in_c;
    DwRowsArgs a;
    a.in = input + nc * in_hw;
    a.out = output + nc * out_hw;
    a.in_h = g.in_h, a.in_w = g.in_w, a.out_h = g.out_h, a.out_w = g.out_w;
    a.pad_top = g.pad_top, a.pad_left = g.pad_left;
    a.k = static_cast<int>(k), a.stride = static_cast<int>(g.stride_h);
    a.row0 = std::min(g.out_h, band * band_rows);
    a.row1 = std::min(g.out_h, a.row0 + band_rows);
    if (a.row0 >= a.row1) continue;
    a.w = filter + c * k * k;
    a.bias = bias[c];
    a.ep = ep;
    kernel(a);
    if (post) post(a.out + a.row0 * g.out_w, (a.row1 - a.row0) * g.out_w, post_ctx);
  }
}

}  // namespace x86
}  // namespace ember
