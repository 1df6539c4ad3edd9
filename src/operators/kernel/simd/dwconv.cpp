// Driver of the in-place depthwise kernels (dwconv.h). Compiled with the baseline flags.
#include "operators/kernel/simd/dwconv.h"

#include <algorithm>
#include <cstring>
#include <vector>

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

namespace {

// A thread's copy buffer and the layout its zeros were written for: the pads and the slack stay zero from one
// plane to the next of a layer, so only the input's rows are copied (a memset of the pads and slack per row
// cost as much as the copy on small planes, and three library calls per row ~6% of mobilenet_v2 under qemu).
struct PadBuffer {
  std::vector<float> data;
  int64_t rows = -1, width = -1, left = -1, in_w = -1;
  std::vector<unsigned char> holds_input;  // per row: input copied there (else zeros)
};

// Points `a` at a zero-padded copy of the input rows its output rows [row0, row1) read, in `buf`: the pads of
// the conv plus slack on the right, so every vector's loads fall inside a row of the copy.
void PadBandInput(const ConvGeometry& g, DwRowsArgs* a, PadBuffer* buf) {
  const int64_t s = a->stride, k = a->k;
  const int64_t first = a->row0 * s - g.pad_top;  // input row of the copy's row 0
  const int64_t rows = (a->row1 - a->row0 - 1) * s + k;
  // The widest vector (16 floats) twice over, past the last output column's window.
  const int64_t width = ((g.out_w + 15) / 16 * 16) * s + k + 32;
  if (buf->rows != rows || buf->width != width || buf->left != g.pad_left || buf->in_w != g.in_w) {
    buf->data.assign(static_cast<size_t>(rows * width), 0.f);
    buf->holds_input.assign(static_cast<size_t>(rows), 0);
    buf->rows = rows, buf->width = width, buf->left = g.pad_left, buf->in_w = g.in_w;
  }
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t ih = first + r;
    float* dst = buf->data.data() + r * width + g.pad_left;
    const bool inside = ih >= 0 && ih < g.in_h;
    if (inside) std::memcpy(dst, a->in + ih * g.in_w, sizeof(float) * g.in_w);
    else if (buf->holds_input[r]) std::memset(dst, 0, sizeof(float) * g.in_w);
    buf->holds_input[r] = inside;
  }
  a->in = buf->data.data();
  a->in_h = rows;
  a->in_w = width;
  a->pad_top = a->row0 * s;  // output row oh reads copy rows from oh * s - pad_top = (oh - row0) * s
  a->pad_left = 0;
}

}  // namespace

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
    if (ks.pad_input) {
      thread_local PadBuffer padded;
      PadBandInput(g, &a, &padded);
    }
    kernel(a);
    if (post) post(a.out + a.row0 * g.out_w, (a.row1 - a.row0) * g.out_w, post_ctx);
  });
}

}  // namespace simd
}  // namespace ember
