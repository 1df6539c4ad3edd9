// out[m x n] = act(in[m x k] * w[k x n] + bias[n]): one invocation per output, reading w down a column
// (neighbouring invocations read neighbouring columns).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
INPUT(1, w)
layout(std430, binding = 2) readonly buffer Bias { float bias[]; };
layout(std430, binding = 3) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push { uint m, k, n, has_bias; int act; float act_a, act_b, act_c; } p;

void main() {
  uint i = flat_index(64);
  if (i >= p.m * p.n) return;
  uint row = i / p.n, col = i % p.n;
  float acc = p.has_bias != 0u ? bias[col] : 0.0;
  for (uint j = 0u; j < p.k; ++j) acc += x_at(row * p.k + j) * w_at(j * p.n + col);
  y[i] = OUT_T(activate(p.act, p.act_a, p.act_b, p.act_c, acc));
}
