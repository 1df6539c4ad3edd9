// 2-D convolution, NCHW, register-blocked, one pipeline per layer (conv2d_layer.glsl). An invocation computes PX
// output pixels (64 apart) x OCB output channels of one group; a work group of 64 takes 64 * PX pixels and OCB
// output channels (gl_WorkGroupID.y): every filter value it reads is the same for all its invocations, and each
// input value read feeds OCB multiply-adds. No shared memory and no barrier (on lavapipe both cost more than the
// caches save). The .comp files that include this define PX (after #version and the include extension).
#include "conv2d_layer.glsl"

const uint OCB = 16u;  // output channels per invocation and work group (vk_conv2d.cpp dispatches so)
const uint K = CIN_G * KHW;

// The 4 output channels' weights at texel t of the packed filter (vk_conv2d.cpp PackBlockFilter: per group,
// blocks of 16 output channels x [K][16]).
vec4 filter4(uint t) {
#ifdef TEXEL
  return texelFetch(w_texels, int(t));  // bound through its 4-float view
#else
  return vec4(w_data[4u * t], w_data[4u * t + 1u], w_data[4u * t + 2u], w_data[4u * t + 3u]);
#endif
}

void main() {
  uint batch = gl_WorkGroupID.z / GROUPS, g = gl_WorkGroupID.z % GROUPS;
  uint oc0 = gl_WorkGroupID.y * OCB;
  uint px0 = gl_WorkGroupID.x * 64u * PX + gl_LocalInvocationID.x;
  int oy[PX], ox[PX];
  for (uint i = 0u; i < PX; ++i) {
    uint px = min(px0 + 64u * i, PIXELS - 1u);
    oy[i] = int((px / OUT_W) * SH) - PAD_T;
    ox[i] = int((px % OUT_W) * SW) - PAD_L;
  }
  uint wblock = (g * ((COUT_G + OCB - 1u) / OCB) + gl_WorkGroupID.y) * K * 4u;  // in texels
  float acc[PX][OCB];
  for (uint i = 0u; i < PX; ++i)
    for (uint j = 0u; j < OCB; ++j) acc[i][j] = 0.0;
  uint image = (batch * IN_C + g * CIN_G) * PLANE;
  for (uint ky = 0u; ky < KH; ++ky) {
    for (uint kx = 0u; kx < KW; ++kx) {
      uint off[PX];
      bool inside[PX];
      for (uint i = 0u; i < PX; ++i) {
        int iy = oy[i] + int(ky * DH), ix = ox[i] + int(kx * DW);
        inside[i] = iy >= 0 && iy < int(IN_H) && ix >= 0 && ix < int(IN_W);
        off[i] = image + (inside[i] ? uint(iy) * IN_W + uint(ix) : 0u);  // a pad reads the plane's first value
      }
      uint tap = ky * KW + kx;
      for (uint ic = 0u; ic < CIN_G; ++ic) {
        float v[PX];
        for (uint i = 0u; i < PX; ++i) {
          float loaded = x_at(off[i] + ic * PLANE);
          v[i] = inside[i] ? loaded : 0.0;
        }
        uint t = wblock + (ic * KHW + tap) * 4u;
        for (uint q = 0u; q < 4u; ++q) {
          vec4 wq = filter4(t + q);
          for (uint i = 0u; i < PX; ++i) {
            acc[i][4u * q] += v[i] * wq.x;
            acc[i][4u * q + 1u] += v[i] * wq.y;
            acc[i][4u * q + 2u] += v[i] * wq.z;
            acc[i][4u * q + 3u] += v[i] * wq.w;
          }
        }
      }
    }
  }
  for (uint j = 0u; j < OCB; ++j) {
    uint oc = oc0 + j;
    if (oc >= COUT_G) break;
    uint c = g * COUT_G + oc;
    float b0 = HAS_BIAS != 0u ? bias[c] : 0.0;
    for (uint i = 0u; i < PX; ++i) {
      uint px = px0 + 64u * i;
      if (px < PIXELS) y[(batch * OUT_C + c) * PIXELS + px] = OUT_T(activate(ACT, p.act_a, p.act_b, p.act_c, acc[i][j] + b0));
    }
  }
}
