// Convolution of groups with one input channel each (depthwise, any channel multiplier), one pipeline per layer
// (conv2d_layer.glsl): a work group of 64 takes 256 pixels of one output channel (gl_WorkGroupID.y), so its
// KH x KW filter values are read once per invocation into registers; an invocation computes 4 pixels, 64 apart.
// Inputs through INPUT (TEXEL or storage buffers).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "conv2d_layer.glsl"

const uint PX = 4u;

void main() {
  uint oc = gl_WorkGroupID.y, batch = gl_WorkGroupID.z;
  uint image = (batch * IN_C + oc / COUT_G) * PLANE;  // the group's one input channel
  float wk[KHW];
  for (uint t = 0u; t < KHW; ++t) wk[t] = w_at(oc * KHW + t);
  float b0 = HAS_BIAS != 0u ? bias[oc] : 0.0;
  uint px0 = gl_WorkGroupID.x * 64u * PX + gl_LocalInvocationID.x;
  for (uint i = 0u; i < PX; ++i) {
    uint px = px0 + 64u * i;
    uint at = min(px, PIXELS - 1u);
    int oy = int((at / OUT_W) * SH) - PAD_T, ox = int((at % OUT_W) * SW) - PAD_L;
    float acc = b0;
    for (uint ky = 0u; ky < KH; ++ky) {
      int iy = oy + int(ky * DH);
      bool row_inside = iy >= 0 && iy < int(IN_H);
      for (uint kx = 0u; kx < KW; ++kx) {
        int ix = ox + int(kx * DW);
        bool inside = row_inside && ix >= 0 && ix < int(IN_W);
        float v = x_at(image + (inside ? uint(iy) * IN_W + uint(ix) : 0u));  // a pad reads the plane's first value
        acc += (inside ? v : 0.0) * wk[ky * KW + kx];
      }
    }
    if (px < PIXELS) y[(batch * OUT_C + oc) * PIXELS + px] = OUT_T(activate(ACT, p.act_a, p.act_b, p.act_c, acc));
  }
}
