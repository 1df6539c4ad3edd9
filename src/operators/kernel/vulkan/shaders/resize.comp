// resize over the last two dims from per-axis tap tables (vk_resize.cpp: the CPU's ResizeTaps, so every mode and
// coordinate transform is the CPU's): out[plane][i][j] = sum over row taps a and column taps b of
// w_a * w_b * x[plane][index_a][index_b]; a first index below 0 (outside tf_crop_and_resize's roi) gives the
// extrapolation value. The table holds (index, weight) pairs: out_h rows of taps_h, then out_w columns of taps_w.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
INPUT(1, taps)
layout(std430, binding = 2) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push {
  uint n, in_h, in_w, out_h, out_w, taps_h, taps_w, columns;  // columns: where the column taps start
  float extrapolation;
} p;

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  uint plane = i / (p.out_h * p.out_w), oy = (i / p.out_w) % p.out_h, ox = i % p.out_w;
  uint row = oy * p.taps_h * 2u, col = p.columns + ox * p.taps_w * 2u;
  if (taps_at(row) < 0.0 || taps_at(col) < 0.0) {
    y[i] = OUT_T(p.extrapolation);
    return;
  }
  uint base = plane * p.in_h * p.in_w;
  float acc = 0.0;
  for (uint a = 0u; a < p.taps_h; ++a) {
    uint src = base + uint(taps_at(row + 2u * a)) * p.in_w;
    float wa = taps_at(row + 2u * a + 1u), sum = 0.0;
    for (uint b = 0u; b < p.taps_w; ++b) sum += taps_at(col + 2u * b + 1u) * x_at(src + uint(taps_at(col + 2u * b)));
    acc += wa * sum;
  }
  y[i] = OUT_T(acc);
}
