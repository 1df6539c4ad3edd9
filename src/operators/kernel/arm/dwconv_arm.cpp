#include "operators/kernel/arm/dwconv_arm.h"

#include <algorithm>
#include <vector>

#include "framework/parallel.h"
#include "operators/conv_op.h"

namespace ember {
namespace arm {

namespace {

// A thread's pack4 tile and the layout its zeros were written for: the pads and the slack stay zero from one
// group of planes to the next of a layer, so only input rows are packed (a row that held input and now lies
// outside it is zeroed again, holds_input).
struct Tile4c {
  std::vector<float> data, out;
  int64_t rows = -1, cols = -1, left = -1, in_w = -1;
  std::vector<unsigned char> holds_input;
};

// Sizes `t` for `rows` tile rows of `g`: the pads, the input, and the slack the last 4-pixel pass reads.
void PrepareTile(const ConvGeometry& g, int64_t rows, Tile4c* t) {
  const int64_t s = g.stride_w, k = g.kernel_w;
  const int64_t cols = std::max(g.pad_left + g.in_w, ((g.out_w + 3) / 4 * 4 - 1) * s + k);
  if (t->rows == rows && t->cols == cols && t->left == g.pad_left && t->in_w == g.in_w) return;
  t->data.assign(static_cast<size_t>(rows * cols * 4), 0.f);
  t->holds_input.assign(static_cast<size_t>(rows), 0);
  t->rows = rows, t->cols = cols, t->left = g.pad_left, t->in_w = g.in_w;
}

// Taps of a padding channel of an NCHW4c block: its output stays 0.
const float kZeroTaps[25] = {};

void Depthwise4c(const ConvGeometry& g, const float* filter, const float* bias, const simd::GemmEpilogue& ep,
                 const float* input, float* output, simd::DwPostFn post, const void* post_ctx, bool packed) {
  const int64_t k = g.kernel_h, s = g.stride_h, in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  const int64_t groups = (g.in_c + 3) / 4, units = g.batch * groups;
  int threads = 1;
  // Below ~50k multiply-adds (a few microseconds) a fork/join costs more than it saves.
  if (!InParallel() && g.batch * g.in_c * out_hw * k * k > 50000) threads = MaxThreads();
  // Few groups for the threads: bands of output rows keep them balanced.
  int64_t bands = 1;
  if (threads > 1 && units < 4 * threads) bands = std::min(g.out_h, (4 * threads + units - 1) / units);
  const int64_t band_rows = (g.out_h + bands - 1) / bands;
  ParallelFor(units * bands, threads, [&](int64_t task) {
    const int64_t unit = task / bands, band = task % bands;
    const int64_t n = unit / groups, c0 = unit % groups * 4;
    Dw4cArgs a;
    a.row0 = std::min(g.out_h, band * band_rows);
    a.row1 = std::min(g.out_h, a.row0 + band_rows);
    if (a.row0 >= a.row1) return;
    a.planes = static_cast<int>(std::min<int64_t>(4, g.in_c - c0));
    for (int l = 0; l < 4; ++l) {
      const int64_t c = c0 + std::min(l, a.planes - 1);
      a.src[l] = input + (n * g.in_c + c) * in_hw;
      a.out[l] = output + (n * g.in_c + c) * out_hw;
      a.w[l] = packed && l >= a.planes ? kZeroTaps : filter + c * k * k;
      a.bias[l] = packed && l >= a.planes ? 0.f : bias[c];
    }
    if (packed) a.packed_in = input + unit * in_hw * 4;
    a.in_h = g.in_h, a.in_w = g.in_w, a.out_w = g.out_w, a.pad_left = g.pad_left;
    a.k = static_cast<int>(k), a.stride = static_cast<int>(s);
    thread_local Tile4c tile;
    PrepareTile(g, (a.row1 - a.row0 - 1) * s + k, &tile);
    a.tile = tile.data.data(), a.tile_rows = tile.rows, a.tile_cols = tile.cols;
    a.first = a.row0 * s - g.pad_top;
    a.holds_input = tile.holds_input.data();
    if (packed) {
      a.otile = output + (unit * out_hw + a.row0 * g.out_w) * 4;
    } else {
      tile.out.resize(static_cast<size_t>((a.row1 - a.row0) * g.out_w * 4));
      a.otile = tile.out.data();
    }
    a.ep = ep;
    Dw4cNeon(a);
    if (post && packed) post(a.otile, (a.row1 - a.row0) * g.out_w * 4, post_ctx);
    else if (post)
      for (int l = 0; l < a.planes; ++l) post(a.out[l] + a.row0 * g.out_w, (a.row1 - a.row0) * g.out_w, post_ctx);
  });
}

}  // namespace

bool DepthwiseKernelSupported(const ConvGeometry& g, Isa isa) {
  return isa == Isa::kNeon && IsaSupported(isa) && simd::DepthwiseShapeSupported(g);
}

void DepthwiseArm(const ConvGeometry& g, const float* filter, const float* bias, const simd::GemmEpilogue& ep,
                  const float* input, float* output, simd::DwPostFn post, const void* post_ctx, bool packed) {
  Depthwise4c(g, filter, bias, ep, input, output, post, post_ctx, packed);
}

const char* DepthwiseKernelName(const ConvGeometry& g, Isa isa) {
  if (!DepthwiseKernelSupported(g, isa)) return "dw ref";
  static const char* const kNames[2][2] = {{"dw3x3s1 4c neon", "dw3x3s2 4c neon"},
                                           {"dw5x5s1 4c neon", "dw5x5s2 4c neon"}};
  return kNames[g.kernel_h == 5][g.stride_h == 2];
}

}  // namespace arm
}  // namespace ember
