// Transposed 2-D convolution (conv2d_transpose), NCHW, filter [in_c, out_c / groups, kh, kw]: one invocation per
// output element gathers the inputs that scatter onto it (input row iy reaches oy = iy * stride - pad_top +
// ky * dilation), adds the bias and applies the fused activation. The push constants are vk_conv2d.cpp's
// Conv2dPush with in_* the op's input and out_* its output.
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
  uint ox = i % p.out_w, oy = (i / p.out_w) % p.out_h, oc = (i / (p.out_w * p.out_h)) % p.out_c;
  uint batch = i / (p.out_w * p.out_h * p.out_c);
  uint cin_g = p.in_c / p.groups, cout_g = p.out_c / p.groups, g = oc / cout_g, ocl = oc % cout_g;
  float acc = p.has_bias != 0u ? bias[oc] : 0.0;
  // Undilated: only taps ky = (oy + pad_top) mod stride + j * stride reach this output, so each lane loops over
  // its own few taps instead of masking off the other ones (k2 s2: one of four).
  uint ky0 = 0u, ky_step = 1u, kx0 = 0u, kx_step = 1u;
  if (p.dilation_h == 1u) {  // + kernel_h * stride_h keeps the dividend positive
    ky0 = uint(int(oy) + p.pad_top + int(p.kernel_h * p.stride_h)) % p.stride_h;
    ky_step = p.stride_h;
  }
  if (p.dilation_w == 1u) {
    kx0 = uint(int(ox) + p.pad_left + int(p.kernel_w * p.stride_w)) % p.stride_w;
    kx_step = p.stride_w;
  }
  for (uint ky = ky0; ky < p.kernel_h; ky += ky_step) {
    int ty = int(oy) + p.pad_top - int(ky * p.dilation_h);
    if (ty < 0 || ty % int(p.stride_h) != 0 || ty / int(p.stride_h) >= int(p.in_h)) continue;
    uint iy = uint(ty) / p.stride_h;
    for (uint kx = kx0; kx < p.kernel_w; kx += kx_step) {
      int tx = int(ox) + p.pad_left - int(kx * p.dilation_w);
      if (tx < 0 || tx % int(p.stride_w) != 0 || tx / int(p.stride_w) >= int(p.in_w)) continue;
      uint ix = uint(tx) / p.stride_w;
      for (uint icl = 0u; icl < cin_g; ++icl) {
        uint ic = g * cin_g + icl;
        acc += x_at(((batch * p.in_c + ic) * p.in_h + iy) * p.in_w + ix) *
               w_at(((ic * cout_g + ocl) * p.kernel_h + ky) * p.kernel_w + kx);
      }
    }
  }
  y[i] = OUT_T(activate(p.act, p.act_a, p.act_b, p.act_c, acc));
}
