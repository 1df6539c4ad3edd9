// lrn across channels (operators/lrn_op.h, Paddle's form): one invocation per output element,
// out = x * (k + alpha * sum of x^2 over the window of n channels around it)^-beta.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
layout(std430, binding = 1) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push {
  uint total, channels, hw, half_window;
  float k, alpha, beta;
} p;

void main() {
  uint i = flat_index(64);
  if (i >= p.total) return;
  uint c = (i / p.hw) % p.channels, image = i - c * p.hw;  // image: the element at channel 0
  uint lo = c >= p.half_window ? c - p.half_window : 0u, hi = min(c + p.half_window, p.channels - 1u);
  float sum = 0.0;
  for (uint j = lo; j <= hi; ++j) {
    float v = x_at(image + j * p.hw);
    sum += v * v;
  }
  y[i] = OUT_T(x_at(i) * pow(p.k + p.alpha * sum, -p.beta));
}
