// layer_norm over rows of x [rows, cols] (operators/layer_norm_op.h): one invocation per row, two passes for the
// mean and the variance, then y = (x - mean) / sqrt(var + epsilon) * scale + bias; Mean and Variance (without
// epsilon, as Paddle stores it) written when the op has them.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
INPUT(1, scale)
INPUT(2, bias)
layout(std430, binding = 3) writeonly buffer Y { OUT_T y[]; };
layout(std430, binding = 4) writeonly buffer Mean { OUT_T mean_out[]; };
layout(std430, binding = 5) writeonly buffer Var { OUT_T var_out[]; };
layout(push_constant) uniform Push { uint rows, cols, has_scale, has_bias, write_mean, write_var; float epsilon; } p;

void main() {
  uint row = flat_index(64);
  if (row >= p.rows) return;
  uint base = row * p.cols;
  float sum = 0.0;
  for (uint k = 0u; k < p.cols; ++k) sum += x_at(base + k);
  float mean = sum / float(p.cols), sq = 0.0;
  for (uint k = 0u; k < p.cols; ++k) {
    float d = x_at(base + k) - mean;
    sq += d * d;
  }
  float var = sq / float(p.cols), inv_std = inversesqrt(var + p.epsilon);
  for (uint k = 0u; k < p.cols; ++k) {
    float v = (x_at(base + k) - mean) * inv_std;
    if (p.has_scale != 0u) v *= scale_at(k);
    if (p.has_bias != 0u) v += bias_at(k);
    y[base + k] = OUT_T(v);
  }
  if (p.write_mean != 0u) mean_out[row] = OUT_T(mean);
  if (p.write_var != 0u) var_out[row] = OUT_T(var);
}
