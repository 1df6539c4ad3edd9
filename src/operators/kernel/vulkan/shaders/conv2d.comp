// Direct 2-D convolution, NCHW: one invocation per output element sums its window (any groups, stride,
// dilation, pads), adds the bias and applies the fused activation. The general kernel the faster ones fall back to.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
INPUT(1, w)
layout(std430, binding = 2) readonly buffer Bias { float bias[]; };
layout(std430, binding = 3) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push {
  uint n;                 // output elements
  uint in_c, in_h, in_w;
  uint out_c, out_h, out_w;
  uint kernel_h, kernel_w, stride_h, stride_w, dilation_h, dilation_w;
  int pad_top, pad_left;
  uint groups, has_bias;
  int act; float act_a; float act_b; float act_c;
} p;

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  uint ow = i % p.out_w, oh = (i / p.out_w) % p.out_h, oc = (i / (p.out_w * p.out_h)) % p.out_c;
  uint batch = i / (p.out_w * p.out_h * p.out_c);
  uint cin_g = p.in_c / p.groups, cout_g = p.out_c / p.groups, g = oc / cout_g;
  float acc = p.has_bias != 0u ? bias[oc] : 0.0;
  for (uint ic = 0u; ic < cin_g; ++ic) {
    uint plane = (batch * p.in_c + g * cin_g + ic) * p.in_h * p.in_w;
    uint wbase = (oc * cin_g + ic) * p.kernel_h * p.kernel_w;
    for (uint ky = 0u; ky < p.kernel_h; ++ky) {
      int iy = int(oh * p.stride_h + ky * p.dilation_h) - p.pad_top;
      if (iy < 0 || iy >= int(p.in_h)) continue;
      for (uint kx = 0u; kx < p.kernel_w; ++kx) {
        int ix = int(ow * p.stride_w + kx * p.dilation_w) - p.pad_left;
        if (ix < 0 || ix >= int(p.in_w)) continue;
        acc += x_at(plane + uint(iy) * p.in_w + uint(ix)) * w_at(wbase + ky * p.kernel_w + kx);
      }
    }
  }
  y[i] = OUT_T(activate(p.act, p.act_a, p.act_b, p.act_c, acc));
}
