// The GEMM convolution (conv_gemm.h) on the shared SGEMM driver.
#include "operators/kernel/simd/conv_gemm.h"

#include <algorithm>
#include <cstring>

#include "operators/kernel/central-arm-func/conv_func.h"

namespace ember {
namespace simd {

namespace {
// n >= 0 zeros (a call to memset only when there are any: an empty fill cost a call per run of a panel row).
inline void ZeroFloats(float* p, int64_t n) {
  if (n > 0) std::fill(p, p + n, 0.f);
}
}  // namespace

void Im2ColBSource::Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, int nr, float* dst) const {
  const ConvGeometry& g = g_;
  const int64_t taps = g.kernel_h * g.kernel_w;
  // Per row of the block: its input plane, window offsets and valid output-column range (no division in
  // the copy loops below).
  struct Row {
    const float* plane;
    int64_t ih_off, iw_off, ow0, ow1;
  };
  thread_local std::vector<Row> rows;
  rows.resize(static_cast<size_t>(kc));
  for (int64_t kk = 0; kk < kc; ++kk) {
    const int64_t r = k0 + kk;
    const int64_t c = r / taps, i = (r / g.kernel_w) % g.kernel_h, j = r % g.kernel_w;
    Row& row = rows[static_cast<size_t>(kk)];
    row.plane = x_ + c * g.in_h * g.in_w;
    row.ih_off = i * g.dilation_h - g.pad_top;
    row.iw_off = j * g.dilation_w - g.pad_left;
    ConvValidRange(row.iw_off, g.stride_w, g.in_w, g.out_w, &row.ow0, &row.ow1);
  }
  // Each panel's columns split into runs along one output row: (first column, length, oh, first ow).
  struct Run {
    int64_t jj, len, oh, ow;
  };
  Run runs[64];  // a panel (nr <= 64 columns) holds at most nr runs
  for (int64_t p0 = 0; p0 < nc; p0 += nr) {
    const int64_t w = std::min<int64_t>(nr, nc - p0);
    int nruns = 0;
    for (int64_t jj = 0, n = n0 + p0; jj < w;) {
      const int64_t oh = n / g.out_w, ow = n % g.out_w;
      const int64_t len = std::min(g.out_w - ow, w - jj);
      runs[nruns++] = {jj, len, oh, ow};
      jj += len;
      n += len;
    }
    float* panel = dst + (p0 / nr) * kc * nr;
    for (int64_t kk = 0; kk < kc; ++kk) {
      const Row& row = rows[static_cast<size_t>(kk)];
      float* out = panel + kk * nr;
      for (int q = 0; q < nruns; ++q) {
        const Run& run = runs[q];
        float* o = out + run.jj;
        const int64_t ih = run.oh * g.stride_h + row.ih_off;
        const int64_t a = std::max(run.ow, row.ow0), b = std::min(run.ow + run.len, row.ow1);
        if (ih < 0 || ih >= g.in_h || a >= b) {
          ZeroFloats(o, run.len);
          continue;
        }
        ZeroFloats(o, a - run.ow);  // most runs lie inside: no call for the empty fills
        const float* src = row.plane + ih * g.in_w + row.iw_off;
        float* to = o + (a - run.ow);
        if (g.stride_w == 1) {
          std::memcpy(to, src + a, static_cast<size_t>(b - a) * sizeof(float));
        } else if (g.stride_w == 2 && b - a >= 8) {  // vector permutes of the ISA
          gather_even_(src + 2 * a, to, b - a);
        } else {  // short runs (7- or 14-wide rows) without a call
          for (int64_t ow = a; ow < b; ++ow) to[ow - a] = src[ow * g.stride_w];
        }
        ZeroFloats(o + (b - run.ow), run.ow + run.len - b);
      }
      ZeroFloats(out + w, nr - w);
    }
  }
}

bool EpilogueActivation(const ActivationSpec& act, GemmEpilogue* ep) {
  switch (act.type) {
    case ActivationType::kNone: ep->act = 0; return true;
    case ActivationType::kRelu: ep->act = 1, ep->lo = 0.f, ep->hi = __builtin_inff(); return true;
    case ActivationType::kRelu6: ep->act = 1, ep->lo = 0.f, ep->hi = act.a; return true;
    case ActivationType::kClip: ep->act = 1, ep->lo = act.a, ep->hi = act.b; return true;
    case ActivationType::kLeakyRelu: ep->act = 2, ep->slope = act.a; return true;
    default: return false;
  }
}

void PackConvFilter(const ConvGeometry& g, const float* filter, std::vector<float>* packed) {
  const int64_t cout_g = g.out_c / g.groups, K = g.in_c / g.groups * g.kernel_h * g.kernel_w;
  const size_t per = PackedASize(cout_g, K);
  packed->assign(per * static_cast<size_t>(g.groups), 0.f);
  for (int64_t grp = 0; grp < g.groups; ++grp)
    PackA(false, cout_g, K, filter + grp * cout_g * K, K, packed->data() + per * grp);
}

bool ConvGemmPacked(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                    const float* input, float* output, const GemmKernels& ks) {
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups;
  const int64_t K = cin_g * g.kernel_h * g.kernel_w, out_hw = g.out_h * g.out_w, in_hw = g.in_h * g.in_w;
  const size_t per = PackedASize(cout_g, K);
  const bool direct = g.kernel_h == 1 && g.kernel_w == 1 && g.stride_h == 1 && g.stride_w == 1 &&
                      g.pad_top == 0 && g.pad_bottom == 0 && g.pad_left == 0 && g.pad_right == 0;
  GemmEpilogue ep;
  const bool fused = EpilogueActivation(act, &ep);
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      const float* x = input + (n * g.in_c + grp * cin_g) * in_hw;
      float* y = output + (n * g.out_c + grp * cout_g) * out_hw;
      ep.bias = bias + grp * cout_g;
      ConvGeometry gg = g;
      gg.in_c = cin_g;
      if (direct) {
        GemmPacked(cout_g, out_hw, K, packed + per * grp, MatrixBSource(false, x, out_hw), y, out_hw, ep, ks);
      } else {
        GemmPacked(cout_g, out_hw, K, packed + per * grp, Im2ColBSource(gg, x, ks.gather_even), y, out_hw, ep, ks);
      }
    }
  return fused;
}

}  // namespace simd
}  // namespace ember
