// Driver of the in-place depthwise kernels (dwconv.h). Compiled with the baseline flags.
#include "operators/kernel/simd/dwconv.h"

#include <algorithm>

#include "framework/parallel.h"
#include "operators/conv_op.h"

namespace ember {
namespace simd {

bool DepthwiseShapeSupported(const ConvGeometry& g) {
  return g.groups == g.in_c && g.out_c == g.in_c && g.in_c >= 1 && g.kernel_h == g.kernel_w &&
         (g.kernel_h == 3 || g.kernel_h == 5) && g.stride_h == g.stride_w && (g.stride_h == 1 || g.stride_h == 2) &&
         g.dilation_h == 1 && g.dilation_w == 1 && g.pad_top >= 0 && g.pad_left >= 0 && g.out_h >= 1 &&
         g.out_w >= 1 && g.in_h >= 1 && g.in_w >= 1 && DepthwiseVariantBuilt(g.kernel_h, g.stride_h);
}

void DepthwiseConv(const ConvGeometry& g, const float* filter, const float* bias, const GemmEpilogue& ep,
                   const float* input, float* output, const DwKernels& ks, DwPostFn post, const void* post_ctx) {
  const DwRowsFn kernel = ks.rows;
  const int64_t per_pass = ks.rows_per_pass;
  const int64_t planes = g.batch * g.in_c, in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  const int64_t k = g.kernel_h;
  int threads = 1;
  // Below ~50k multiply-adds (a few microseconds) a fork/join costs more than it saves.
  if (!InParallel() && planes * out_hw * k * k > 50000) threads = MaxThreads();
  // Few planes for the threads: split each plane into bands of whole passes so the threads stay balanced.
  const int64_t passes = (g.out_h + per_pass - 1) / per_pass;
  int64_t bands = 1;
  if (threads > 1 && planes < 4 * threads)
    bands = std::min(passes, (4 * threads + planes - 1) / planes);
  const int64_t band_rows = (passes + bands - 1) / bands * per_pass;
  const int64_t tasks = planes * bands;
  ParallelFor(tasks, threads, [&](int64_t task) {
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
    if (a.row0 >= a.row1) return;
    a.w = filter + c * k * k;
    a.bias = bias[c];
    a.ep = ep;
    kernel(a);
    if (post) post(a.out + a.row0 * g.out_w, (a.row1 - a.row0) * g.out_w, post_ctx);
  });
}

}  // namespace simd
}  // namespace ember
