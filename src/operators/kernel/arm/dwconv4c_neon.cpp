// NEON depthwise 3x3 / 5x5, four channels at a time (dwconv_arm.h, Dw4cNeon): the band's input rows of four
// planes are interleaved into a zero-padded tile [rows][cols][4] (ncnn's pack4 layout, inside the op), so a
// tap of one output pixel is one vector FMA with no border case and 7- or 14-wide rows waste no lanes. Each
// pass computes 4 pixels of 2 output rows (the rows share their input loads) into a pack4 output tile, which
// is de-interleaved back to the four NCHW planes (ld4) at the end. Only intrinsics and local helpers (see
// sgemm_kernel.inc).
#include <arm_neon.h>

#include <cstring>
#include <type_traits>

#include "operators/kernel/arm/dwconv_arm.h"
#include "operators/kernel/kernels_built.h"

namespace ember {
namespace arm {

namespace {

typedef float32x4_t V;
constexpr int kCols = 4;  // output pixels per pass along a row

// Pixels [0, n) of four planes' rows (from src[l] + off) into n pixels of 4 channels. A ragged end is done
// by one more step that ends at the row's end (rewriting a few pixels with the same values).
void Interleave4(const float* const src[4], int64_t off, int64_t n, float* dst) {
  const float *a = src[0] + off, *b = src[1] + off, *c = src[2] + off, *d = src[3] + off;
  if (n < 4) {
    for (int64_t i = 0; i < n; ++i) {
      dst[4 * i] = a[i], dst[4 * i + 1] = b[i], dst[4 * i + 2] = c[i], dst[4 * i + 3] = d[i];
    }
    return;
  }
  auto step = [&](int64_t i) {
    const float32x4x4_t v = {{vld1q_f32(a + i), vld1q_f32(b + i), vld1q_f32(c + i), vld1q_f32(d + i)}};
    vst4q_f32(dst + 4 * i, v);
  };
  for (int64_t i = 0; i + 4 <= n; i += 4) step(i);
  if (n % 4) step(n - 4);
}

// n pixels of 4 channels back to the first `planes` planes (dst[l] + off), ragged end as Interleave4's.
void Deinterleave4(const float* src, int64_t n, float* const dst[4], int planes, int64_t off) {
  if (n < 4) {
    for (int64_t i = 0; i < n; ++i)
      for (int l = 0; l < planes; ++l) dst[l][off + i] = src[4 * i + l];
    return;
  }
  float *d0 = dst[0] + off, *d1 = dst[1] + off, *d2 = dst[2] + off, *d3 = dst[3] + off;
  // A channel tail's d[planes..3] repeat its last plane's pointer: stored in reverse, the real lane lands last.
  auto step = [&](int64_t i) {
    const float32x4x4_t v = vld4q_f32(src + 4 * i);
    vst1q_f32(d3 + i, v.val[3]), vst1q_f32(d2 + i, v.val[2]), vst1q_f32(d1 + i, v.val[1]);
    vst1q_f32(d0 + i, v.val[0]);
  };
  for (int64_t i = 0; i + 4 <= n; i += 4) step(i);
  if (n % 4) step(n - 4);
}

// Tile row r holds input row a.first + r (zeros outside the input): only the input's columns are written, the
// pads keep the zeros the driver wrote when it sized the tile.
void PackBand(const Dw4cArgs& a) {
  for (int64_t r = 0; r < a.tile_rows; ++r) {
    const int64_t ih = a.first + r;
    float* dst = a.tile + (r * a.tile_cols + a.pad_left) * 4;
    const bool inside = ih >= 0 && ih < a.in_h;
    if (inside && a.packed_in) std::memcpy(dst, a.packed_in + ih * a.in_w * 4, sizeof(float) * 4 * a.in_w);
    else if (inside) Interleave4(a.src, ih * a.in_w, a.in_w, dst);
    else if (a.holds_input[r]) std::memset(dst, 0, sizeof(float) * 4 * a.in_w);
    a.holds_input[r] = inside;
  }
}

// Bias, taps and activation of one group, in registers.
template <int K>
struct Group {
  V w[K * K];
  V bias, lo, hi, slope;
  int act;  // GemmEpilogue::act: 0 none, 1 clamp to [lo, hi], 2 leaky (slope); here also 3: relu (max only)
};

inline void Activate(const V* lo, const V* hi, const V* slope, int act, V* v, int n) {
  if (act == 1) {
    for (int i = 0; i < n; ++i) v[i] = vminq_f32(vmaxq_f32(v[i], *lo), *hi);
  } else if (act == 3) {
    for (int i = 0; i < n; ++i) v[i] = vmaxq_f32(v[i], *lo);
  } else if (act == 2) {
    const V z = vdupq_n_f32(0.f);
    for (int i = 0; i < n; ++i) v[i] = vfmaq_f32(vmaxq_f32(v[i], z), vminq_f32(v[i], z), *slope);
  }
}

// RO output rows (their input from tile row `in`, their output at pixel `out` of the output tile), 4 pixels
// per pass along them.
template <int K, int S, int RO, int kAct>
void RowPass(const Group<K>& g, const float* in, int64_t cols, int64_t out_w, float* out) {
  constexpr int kInRows = (RO - 1) * S + K, kInPx = (kCols - 1) * S + K;
  for (int64_t ow = 0; ow < out_w; ow += kCols) {
    V acc[RO][kCols];
    for (int o = 0; o < RO; ++o)
      for (int q = 0; q < kCols; ++q) acc[o][q] = g.bias;
#pragma GCC unroll 8
    for (int i = 0; i < kInRows; ++i) {
      const float* p = in + (i * cols + ow * S) * 4;
      V x[kInPx];
#pragma GCC unroll 16
      for (int j = 0; j < kInPx; ++j) x[j] = vld1q_f32(p + 4 * j);
#pragma GCC unroll 4
      for (int o = 0; o < RO; ++o) {
        const int ti = i - o * S;  // the filter row input row i meets in output row o
        if (ti < 0 || ti >= K) continue;
#pragma GCC unroll 4
        for (int q = 0; q < kCols; ++q)
#pragma GCC unroll 5
          for (int j = 0; j < K; ++j) acc[o][q] = vfmaq_f32(acc[o][q], x[q * S + j], g.w[ti * K + j]);
      }
    }
    Activate(&g.lo, &g.hi, &g.slope, kAct, acc[0], RO * kCols);
    const int64_t n = out_w - ow;  // below kCols at a row's ragged end: the next pixels are the next row's
    const bool whole = n >= kCols;  // tested once, not per vector
#pragma GCC unroll 2
    for (int o = 0; o < RO; ++o) {
      float* dst = out + (o * out_w + ow) * 4;
#pragma GCC unroll 4
      for (int q = 0; q < kCols; ++q)
        if (whole || q < n) vst1q_f32(dst + 4 * q, acc[o][q]);
    }
  }
}

template <int K, int S>
void Rows(const Dw4cArgs& a) {
  Group<K> g;
  for (int t = 0; t < K * K; ++t) {
    const float tap[4] = {a.w[0][t], a.w[1][t], a.w[2][t], a.w[3][t]};
    g.w[t] = vld1q_f32(tap);
  }
  g.bias = vld1q_f32(a.bias);
  g.lo = vdupq_n_f32(a.ep.lo), g.hi = vdupq_n_f32(a.ep.hi), g.slope = vdupq_n_f32(a.ep.slope);
  g.act = a.ep.act == 1 && a.ep.hi == __builtin_inff() ? 3 : a.ep.act;
  const float* tile = a.tile;
  float* otile = a.otile;
  const int64_t cols = a.tile_cols, out_w = a.out_w, rows = a.row1 - a.row0;
  // 3x3: two output rows per pass; 5x5's 25 taps leave no registers for a second row's sums.
  constexpr int kRO = K == 3 ? 2 : 1;
  int64_t r = 0;
  // The activation kind chosen once per group, not per pass (mobilenet_v2 -0.6M guest instructions); only the
  // kinds the build has (kDw4cActBuilt: ConvRun sends the others as kind 0).
  auto passes = [&](auto act) {
    constexpr int kAct = decltype(act)::value;
    for (; r + kRO <= rows; r += kRO)
      RowPass<K, S, kRO, kAct>(g, tile + r * S * cols * 4, cols, out_w, otile + r * out_w * 4);
    if (r < rows) RowPass<K, S, 1, kAct>(g, tile + r * S * cols * 4, cols, out_w, otile + r * out_w * 4);
  };
  bool done = false;
  if constexpr (kDw4cActBuilt[3])
    if (g.act == 3) passes(std::integral_constant<int, 3>()), done = true;
  if constexpr (kDw4cActBuilt[1])
    if (g.act == 1) passes(std::integral_constant<int, 1>()), done = true;
  if constexpr (kDw4cActBuilt[2])
    if (g.act == 2) passes(std::integral_constant<int, 2>()), done = true;
  if (!done) passes(std::integral_constant<int, 0>());
  if (!a.packed_in) Deinterleave4(otile, rows * out_w, a.out, a.planes, a.row0 * out_w);
}

}  // namespace

void Dw4cNeon(const Dw4cArgs& a) {
  PackBand(a);
  // Only the variants the build has (kernels_built.h); the driver never asks for another.
  if (a.k == 3) {
    if (a.stride == 1) {
      if constexpr (DepthwiseVariantBuilt(3, 1)) Rows<3, 1>(a);
    } else {
      if constexpr (DepthwiseVariantBuilt(3, 2)) Rows<3, 2>(a);
    }
  } else if (a.stride == 1) {
    if constexpr (DepthwiseVariantBuilt(5, 1)) Rows<5, 1>(a);
  } else {
    if constexpr (DepthwiseVariantBuilt(5, 2)) Rows<5, 2>(a);
  }
}

}  // namespace arm
}  // namespace ember
