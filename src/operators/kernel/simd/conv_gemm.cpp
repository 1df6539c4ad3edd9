// The GEMM convolution (conv_gemm.h) on the shared SGEMM driver.
#include "operators/kernel/simd/conv_gemm.h"

#include <algorithm>
#include <cstring>

#include "operators/kernel/central-arm-func/conv_func.h"
#include "operators/kernel/kernels_built.h"

namespace ember {
namespace simd {

namespace {
// Short copies inline, four floats at a time (a memcpy call costs more than a 16-float panel row).
inline void CopyFloats(const float* src, float* dst, int64_t n) {
  typedef float Quad __attribute__((vector_size(16)));
  int64_t i = 0;
  for (; i + 4 <= n; i += 4) {
    Quad q;
    std::memcpy(&q, src + i, sizeof q);
    std::memcpy(dst + i, &q, sizeof q);
  }
  for (; i < n; ++i) dst[i] = src[i];
}

// One piece of a panel row: `len` floats at column `col`, zeros (src < 0) or read from the input plane at
// offset `src` every `stride` floats.
struct Im2ColPiece {
  int32_t col, len;
  int64_t src;
};

// The pieces of tap (i, j)'s row in a panel of `w` of `nr` columns starting at output column n: the same for
// every input channel, only read from another plane.
void TapPieces(const ConvGeometry& g, int64_t i, int64_t j, int64_t n, int64_t w, int nr,
               std::vector<Im2ColPiece>* pieces) {
  const int64_t ih_off = i * g.dilation_h - g.pad_top, iw_off = j * g.dilation_w - g.pad_left;
  int64_t ow0, ow1;
  ConvValidRange(iw_off, g.stride_w, g.in_w, g.out_w, &ow0, &ow1);
  auto add = [&](int64_t col, int64_t len, int64_t src) {
    if (len <= 0) return;
    if (src < 0 && !pieces->empty() && pieces->back().src < 0 && pieces->back().col + pieces->back().len == col) {
      pieces->back().len += static_cast<int32_t>(len);  // adjacent zeros: one fill
      return;
    }
    pieces->push_back({static_cast<int32_t>(col), static_cast<int32_t>(len), src});
  };
  for (int64_t jj = 0; jj < w;) {  // runs along one output row
    const int64_t oh = n / g.out_w, ow = n % g.out_w, len = std::min(g.out_w - ow, w - jj);
    const int64_t ih = oh * g.stride_h + ih_off;
    const int64_t a = std::max(ow, ow0), b = std::min(ow + len, ow1);
    if (ih < 0 || ih >= g.in_h || a >= b) {
      add(jj, len, -1);
    } else {
      add(jj, a - ow, -1);
      add(jj + a - ow, b - a, ih * g.in_w + iw_off + a * g.stride_w);
      add(jj + b - ow, ow + len - b, -1);
    }
    jj += len;
    n += len;
  }
  add(w, nr - w, -1);
}
}  // namespace

// Each row of the block (one input channel and tap) is unfolded whole into its tap's row buffer, output row by
// output row (a run of up to out_w floats per piece), then cut into the nr-column panels. A tap's zeros (the
// padding) are the same for every channel: written into its buffer once per block, only the runs replayed.
// Unfolding panel by panel cost ~90 instructions of bookkeeping per panel row (pieces of 4-16 floats where a
// panel crosses an output row).
void Im2ColBSource::Pack(int64_t k0, int64_t kc, int64_t n0, int64_t nc, int nr, float* dst) const {
  const ConvGeometry& g = g_;
  const int64_t taps = g.kernel_h * g.kernel_w, in_hw = g.in_h * g.in_w, sw = g.stride_w;
  const int64_t width = (nc + nr - 1) / nr * nr, panels = width / nr;
  thread_local std::vector<Im2ColPiece> pieces;
  thread_local std::vector<size_t> first;  // tap t's runs: [first[t], first[t + 1])
  thread_local std::vector<float> rows;    // tap t's row at t * width
  first.resize(static_cast<size_t>(taps) + 1);
  rows.resize(static_cast<size_t>(taps * width));
  pieces.clear();
  for (int64_t t = 0; t < taps; ++t) {
    const size_t begin = pieces.size();
    first[static_cast<size_t>(t)] = begin;
    if (kc < taps && (t - k0 % taps + taps) % taps >= kc) continue;  // a tap no row of this block reads
    TapPieces(g, t / g.kernel_w, t % g.kernel_w, n0, nc, static_cast<int>(width), &pieces);
    size_t kept = begin;
    for (size_t q = begin; q < pieces.size(); ++q) {
      const Im2ColPiece p = pieces[q];
      if (p.src < 0) std::fill_n(rows.data() + t * width + p.col, p.len, 0.f);
      else pieces[kept++] = p;
    }
    pieces.resize(kept);
  }
  first[static_cast<size_t>(taps)] = pieces.size();
  for (int64_t kk = 0; kk < kc; ++kk) {
    const int64_t r = k0 + kk, t = r % taps;
    const float* plane = x_ + (r / taps) * in_hw;
    float* out = rows.data() + t * width;
    for (size_t q = first[static_cast<size_t>(t)]; q < first[static_cast<size_t>(t) + 1]; ++q) {
      const Im2ColPiece& p = pieces[q];
      float* o = out + p.col;
      if (sw == 1) {
        CopyFloats(plane + p.src, o, p.len);
      } else if (sw == 2 && p.len > 4) {  // vector permutes of the ISA (NEON: 4 at a time)
        gather_even_(plane + p.src, o, p.len);
      } else {  // short runs (7- or 14-wide rows) without a call
        for (int64_t m = 0; m < p.len; ++m) o[m] = plane[p.src + m * sw];
      }
    }
    if (nr == 16) {  // NEON's and AVX-512's panels: a fixed-size copy the compiler inlines as pairs of vectors
      for (int64_t pn = 0; pn < panels; ++pn) std::memcpy(dst + (pn * kc + kk) * 16, out + pn * 16, 16 * sizeof(float));
    } else {
      for (int64_t pn = 0; pn < panels; ++pn) CopyFloats(out + pn * nr, dst + (pn * kc + kk) * nr, nr);
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

namespace {

float Activate(float v, const GemmEpilogue& ep) {
  if (ep.act == 1) return std::min(std::max(v, ep.lo), ep.hi);
  if (ep.act == 2) return v > 0.f ? v : v * ep.slope;
  return v;
}

// A 1x1 stride-1 conv with zero padding (SqueezeNet's conv10: pad 1) whose outputs over the padding read only
// zeros: they are the bias (then the activation), so the GEMM runs over the input's pixels alone.
bool PaddedPointwise(const ConvGeometry& g) {
  const bool pads_ok = g.pad_top >= 0 && g.pad_bottom >= 0 && g.pad_left >= 0 && g.pad_right >= 0;
  return g.kernel_h == 1 && g.kernel_w == 1 && g.stride_h == 1 && g.stride_w == 1 && pads_ok &&
         g.out_h == g.in_h + g.pad_top + g.pad_bottom && g.out_w == g.in_w + g.pad_left + g.pad_right;
}

// y holds cout planes of in_h x in_w (the GEMM's output, packed); spreads them in place into out_h x out_w
// planes with the input at (pad_top, pad_left) and each channel's bias (activated when fused) around it. Each
// plane and row moves to an address at or past where it was read, so the last plane and the last row go first
// and no source is overwritten before it is read.
void SpreadInsideBorder(const ConvGeometry& g, int64_t cout, const GemmEpilogue& ep, bool fused, float* y) {
  const int64_t in_hw = g.in_h * g.in_w, out_hw = g.out_h * g.out_w;
  for (int64_t co = cout - 1; co >= 0; --co) {
    const float b = ep.bias ? ep.bias[co] : 0.f, border = fused ? Activate(b, ep) : b;
    const float* src = y + co * in_hw;
    float* plane = y + co * out_hw;
    for (int64_t r = g.in_h - 1; r >= 0; --r) {
      float* row = plane + (g.pad_top + r) * g.out_w;
      std::memmove(row + g.pad_left, src + r * g.in_w, static_cast<size_t>(g.in_w) * sizeof(float));
      std::fill(row, row + g.pad_left, border);
      std::fill(row + g.pad_left + g.in_w, row + g.out_w, border);
    }
    std::fill(plane, plane + g.pad_top * g.out_w, border);
    std::fill(plane + (g.pad_top + g.in_h) * g.out_w, plane + out_hw, border);
  }
}

}  // namespace

bool ConvGemmPacked(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                    const float* input, float* output, const GemmKernels& ks) {
  const int64_t cin_g = g.in_c / g.groups, cout_g = g.out_c / g.groups;
  const int64_t K = cin_g * g.kernel_h * g.kernel_w, out_hw = g.out_h * g.out_w, in_hw = g.in_h * g.in_w;
  const size_t per = PackedASize(cout_g, K);
  const bool pointwise = PaddedPointwise(g);  // unpadded ones too: the spread is then skipped
  const bool padded = out_hw != in_hw;
  GemmEpilogue ep;
  const bool fused = EpilogueActivation(act, &ep);
  for (int64_t n = 0; n < g.batch; ++n)
    for (int64_t grp = 0; grp < g.groups; ++grp) {
      const float* x = input + (n * g.in_c + grp * cin_g) * in_hw;
      float* y = output + (n * g.out_c + grp * cout_g) * out_hw;
      ep.bias = bias + grp * cout_g;
      ConvGeometry gg = g;
      gg.in_c = cin_g;
      if (pointwise) {
        GemmPacked(cout_g, in_hw, K, packed + per * grp, MatrixBSource(false, x, in_hw), y, in_hw, ep, ks);
        if (padded) SpreadInsideBorder(g, cout_g, ep, fused, y);
      } else {
        GemmPacked(cout_g, out_hw, K, packed + per * grp, Im2ColBSource(gg, x, ks.gather_even), y, out_hw, ep, ks);
      }
    }
  return fused;
}

bool PatchConvSupported(const ConvGeometry& g) {
  if (!kPatchConvBuilt) return false;  // a profile without patch stems (kernels_built.h)
  // P and its packed copy are built whole: at most 1M floats (4 MB) each, else the im2col GEMM's tiles run it.
  const int64_t p_floats = g.out_h * g.out_w * g.in_c * g.kernel_h * g.kernel_w;
  return g.groups == 1 && g.kernel_h == g.stride_h && g.kernel_w == g.stride_w && g.kernel_h * g.kernel_w >= 16 &&
         g.dilation_h == 1 && g.dilation_w == 1 && g.pad_top == 0 && g.pad_left == 0 && g.pad_bottom == 0 &&
         g.pad_right == 0 && p_floats <= (int64_t{1} << 20);
}

void PackPatchFilter(const ConvGeometry& g, const float* filter, std::vector<float>* packed) {
  const int64_t K = g.in_c * g.kernel_h * g.kernel_w;
  packed->resize(static_cast<size_t>(K * g.out_c));
  for (int64_t co = 0; co < g.out_c; ++co)
    for (int64_t k = 0; k < K; ++k) (*packed)[static_cast<size_t>(k * g.out_c + co)] = filter[co * K + k];
}

namespace {

// P's rows (one per output pixel: channel, kernel row, kernel column) of one image.
void Patches(const ConvGeometry& g, const float* x, float* p) {
  const int64_t kh = g.kernel_h, kw = g.kernel_w, K = g.in_c * kh * kw;
  for (int64_t oh = 0; oh < g.out_h; ++oh)
    for (int64_t ow = 0; ow < g.out_w; ++ow) {
      float* row = p + (oh * g.out_w + ow) * K;
      for (int64_t c = 0; c < g.in_c; ++c)
        for (int64_t i = 0; i < kh; ++i)
          std::memcpy(row + (c * kh + i) * kw, x + (c * g.in_h + oh * kh + i) * g.in_w + ow * kw,
                      static_cast<size_t>(kw) * sizeof(float));
    }
}

}  // namespace

bool ConvPatchGemm(const ConvGeometry& g, const float* packed, const float* bias, const ActivationSpec& act,
                   const float* input, float* output, const GemmKernels& ks) {
  const int64_t K = g.in_c * g.kernel_h * g.kernel_w, np = g.out_h * g.out_w, in_hw = g.in_h * g.in_w;
  GemmEpilogue ep;
  const bool fused = EpilogueActivation(act, &ep);
  if (!fused) ep.act = 0;
  thread_local std::vector<float> p, pa, ct;
  p.resize(static_cast<size_t>(np * K));
  pa.resize(PackedASize(np, K));
  ct.resize(static_cast<size_t>(np * g.out_c));
  for (int64_t n = 0; n < g.batch; ++n) {
    Patches(g, input + n * g.in_c * in_hw, p.data());
    PackA(false, np, K, p.data(), K, pa.data());
    GemmPacked(np, g.out_c, K, pa.data(), MatrixBSource(false, packed, g.out_c), ct.data(), g.out_c, GemmEpilogue(),
               ks);
    float* y = output + n * g.out_c * np;
    for (int64_t co = 0; co < g.out_c; ++co)
      for (int64_t i = 0; i < np; ++i)
        y[co * np + i] = Activate(ct[static_cast<size_t>(i * g.out_c + co)] + bias[co], ep);
  }
  return fused;
}

}  // namespace simd
}  // namespace ember
