// The bindings, push constants and specialization constants of the per-layer convolution shaders
// (conv2d_block.glsl, conv2d_depthwise.comp): one pipeline per layer shape, so the driver compiles the layer's loop
// bounds and index arithmetic as constants. vk_conv2d.cpp's LayerConstants fills them in this order.
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
INPUT(1, w)
layout(std430, binding = 2) readonly buffer Bias { float bias[]; };
layout(std430, binding = 3) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push {  // Conv2dPush: this shader reads only the activation's parameters
  uint n;
  uint in_c, in_h, in_w;
  uint out_c, out_h, out_w;
  uint kernel_h, kernel_w, stride_h, stride_w, dilation_h, dilation_w;
  int pad_top, pad_left;
  uint groups, has_bias;
  int act; float act_a; float act_b; float act_c;
} p;
layout(constant_id = 0) const uint IN_C = 1u;
layout(constant_id = 1) const uint IN_H = 1u;
layout(constant_id = 2) const uint IN_W = 1u;
layout(constant_id = 3) const uint OUT_C = 1u;
layout(constant_id = 4) const uint OUT_H = 1u;
layout(constant_id = 5) const uint OUT_W = 1u;
layout(constant_id = 6) const uint KH = 1u;
layout(constant_id = 7) const uint KW = 1u;
layout(constant_id = 8) const uint SH = 1u;
layout(constant_id = 9) const uint SW = 1u;
layout(constant_id = 10) const uint DH = 1u;
layout(constant_id = 11) const uint DW = 1u;
layout(constant_id = 12) const int PAD_T = 0;
layout(constant_id = 13) const int PAD_L = 0;
layout(constant_id = 14) const uint GROUPS = 1u;
layout(constant_id = 15) const uint HAS_BIAS = 0u;
layout(constant_id = 16) const int ACT = 0;

const uint CIN_G = IN_C / GROUPS, COUT_G = OUT_C / GROUPS, KHW = KH * KW;
const uint PIXELS = OUT_H * OUT_W, PLANE = IN_H * IN_W;
