// Driver of the direct KxK stride-2 conv (conv_s2_direct.h): filter packing, the even / odd split of the
// padded input rows, threading. Compiled with the baseline flags.
#include "operators/kernel/simd/conv_s2_direct.h"

#include <algorithm>
#include <cstdint>

#include "framework/parallel.h"
#include "operators/conv_op.h"
#include "operators/kernel/simd/conv_gemm.h"

namespace ember {
namespace simd {

namespace {

// Floats of one split half-row (E or O): the output width rounded up to 16 (the widest kernel tile's
// vectors), plus 16 so E[o + (k - 1) / 2] of the last vector is inside (and zero).
int64_t HalfRowFloats(const ConvGeometry& g) { return (g.out_w + 15) / 16 * 16 + 16; }

// E (parity 0) or O (parity 1) of one input row: dst[m] = row[2m + parity - pad_left] where that is inside
// the row, else 0, for m < w2.
void SplitHalfRow(const float* row, int64_t in_w, int64_t pad_left, int parity, int64_t w2, GatherEvenFn gather,
                  float* dst) {
  const int64_t d = parity - pad_left;                          // input column of dst[0]
  const int64_t m_lo = std::min(w2, d >= 0 ? 0 : (1 - d) / 2);  // first m with 2m + d >= 0
  const int64_t span = in_w - 1 - d;                            // last m: 2m + d <= in_w - 1
  const int64_t m_hi = std::max(m_lo, std::min(w2, span < 0 ? 0 : span / 2 + 1));
  std::fill(dst, dst + m_lo, 0.f);
  if (m_hi > m_lo) gather(row + 2 * m_lo + d, dst + m_lo, m_hi - m_lo);
  std::fill(dst + m_hi, dst + w2, 0.f);
}

// Splits padded row cr (channel cr / prows) of image x into sp's E and O halves.
void SplitRow(const ConvGeometry& g, const float* x, int64_t cr, int64_t prows, int64_t w2, GatherEvenFn gather,
              float* sp) {
  const int64_t c = cr / prows, r = cr % prows - g.pad_top;  // padded row -> input row
  float* e = sp + cr * 2 * w2;
  if (r < 0 || r >= g.in_h) {
    std::fill(e, e + 2 * w2, 0.f);
    return;
  }
  const float* row = x + (c * g.in_h + r) * g.in_w;
  SplitHalfRow(row, g.in_w, g.pad_left, 0, w2, gather, e);
  SplitHalfRow(row, g.in_w, g.pad_left, 1, w2, gather, e + w2);
}

}  // namespace

bool ConvDirectS2ShapeSupported(const ConvGeometry& g) {
  return g.groups == 1 && g.kernel_h == g.kernel_w && (g.kernel_h == 3 || g.kernel_h == 5 || g.kernel_h == 7) &&
         g.stride_h == 2 && g.stride_w == 2 && g.dilation_h == 1 && g.dilation_w == 1 && g.in_c >= 1 &&
         g.out_c >= 1 && g.out_h >= 1 && g.out_w >= 1 && g.in_h >= 1 && g.in_w >= 1 && g.pad_top >= 0 &&
         g.pad_left >= 0 && ConvDirectS2Built(g.kernel_h);
}

bool ConvDirectS2ShapePays(const ConvGeometry& g) {
  return ConvDirectS2ShapeSupported(g) && g.in_c <= kConvS2MaxInC && g.out_w >= kConvS2MinOutW;
}

void PackConvDirectS2Filter(const ConvGeometry& g, const float* filter, std::vector<float>* packed) {
  const int64_t blocks = (g.out_c + kConvS2CB - 1) / kConvS2CB, cin = g.in_c, taps = g.kernel_h * g.kernel_w;
  packed->assign(static_cast<size_t>(blocks * cin * taps * kConvS2CB), 0.f);
  for (int64_t co = 0; co < g.out_c; ++co)
    for (int64_t c = 0; c < cin; ++c)
      for (int64_t t = 0; t < taps; ++t)
        (*packed)[static_cast<size_t>(((co / kConvS2CB * cin + c) * taps + t) * kConvS2CB + co % kConvS2CB)] =
            filter[(co * cin + c) * taps + t];
}

bool ConvDirectS2(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                  const float* input, float* output, const ConvS2Kernels& ks) {
  const int64_t prows = 2 * g.out_h + g.kernel_h - 2, w2 = HalfRowFloats(g), cin = g.in_c;
  thread_local std::vector<float> split;
  split.resize(static_cast<size_t>(cin * prows * 2 * w2 + 16));
  GemmEpilogue ep;
  const bool fused = EpilogueActivation(act, &ep);
  if (!fused) ep.act = 0;
  int threads = 1;
  if (!InParallel() && g.out_c * g.out_h * g.out_w * cin * g.kernel_h * g.kernel_w > 200000) threads = MaxThreads();
  float* sp = split.data();
  sp += (64 - reinterpret_cast<uintptr_t>(sp) % 64) % 64 / sizeof(float);  // rows on cache-line boundaries
  for (int64_t n = 0; n < g.batch; ++n) {
    const float* x = input + n * cin * g.in_h * g.in_w;
    float* y = output + n * g.out_c * g.out_h * g.out_w;
    ParallelFor(cin * prows, threads, [&](int64_t cr) { SplitRow(g, x, cr, prows, w2, ks.gather_even, sp); });
    ParallelFor(g.out_h, threads, [&](int64_t oh) {
      ConvS2Args a;
      a.k = static_cast<int>(g.kernel_h);
      a.split = sp;
      a.cin = cin, a.prows = prows, a.w2 = w2;
      a.w = packed;
      a.bias = bias;
      a.cout = g.out_c;
      a.out = y;
      a.out_h = g.out_h, a.out_w = g.out_w;
      a.oh0 = oh, a.oh1 = oh + 1;
      a.ep = ep;
      ks.rows(a);
    });
  }
  return fused;
}

}  // namespace simd
}  // namespace ember
