// Softmax (or log-softmax) of x viewed as [outer, n, inner] along n: one invocation per (outer, inner) line.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
layout(std430, binding = 1) writeonly buffer Y { OUT_T y[]; };
layout(push_constant) uniform Push { uint lines, n, inner, log_softmax; } p;

void main() {
  uint i = flat_index(64);
  if (i >= p.lines) return;
  uint base = (i / p.inner) * p.n * p.inner + i % p.inner;
  float mx = x_at(base);
  for (uint j = 1u; j < p.n; ++j) mx = max(mx, x_at(base + j * p.inner));
  float sum = 0.0;
  for (uint j = 0u; j < p.n; ++j) sum += exp(x_at(base + j * p.inner) - mx);
  for (uint j = 0u; j < p.n; ++j) {
    float d = x_at(base + j * p.inner) - mx;
    y[base + j * p.inner] = OUT_T(p.log_softmax != 0u ? d - log(sum) : exp(d) / sum);
  }
}
