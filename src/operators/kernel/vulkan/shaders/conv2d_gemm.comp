// 2-D convolution as an implicit GEMM, NCHW, per (batch, group): C[oc][pixel] = sum over k of
// filter[oc][k] * im2col[k][pixel], k = (ic, ky, kx). A work group computes a 64 x 64 tile of C (64 output
// channels x 64 output pixels), each invocation a 4 x 4 block, through 16-deep tiles of the filter and of the
// input window (gathered straight from the image, zero in the padding) held in shared memory.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer In { float x[]; };
layout(std430, binding = 1) readonly buffer Filter { float w[]; };
layout(std430, binding = 2) readonly buffer Bias { float bias[]; };
layout(std430, binding = 3) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push {
  uint n;                 // unused here (the direct shader's element count)
  uint in_c, in_h, in_w;
  uint out_c, out_h, out_w;
  uint kernel_h, kernel_w, stride_h, stride_w, dilation_h, dilation_w;
  int pad_top, pad_left;
  uint groups, has_bias;
  int act; float act_a; float act_b; float act_c;
} p;

const uint TILE = 64u, DEPTH = 16u;
shared float As[DEPTH][TILE];  // As[k][oc]
shared float Bs[DEPTH][TILE];  // Bs[k][pixel]

void main() {
  uint cin_g = p.in_c / p.groups, cout_g = p.out_c / p.groups;
  uint khw = p.kernel_h * p.kernel_w, K = cin_g * khw, pixels = p.out_h * p.out_w;
  uint batch = gl_WorkGroupID.z / p.groups, g = gl_WorkGroupID.z % p.groups;
  uint oc0 = gl_WorkGroupID.y * TILE, px0 = gl_WorkGroupID.x * TILE;
  uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y, t = ty * 16u + tx;
  uint image = (batch * p.in_c + g * cin_g) * p.in_h * p.in_w;
  bool pointwise = khw == 1u && p.stride_h == 1u && p.stride_w == 1u && p.pad_top == 0 && p.pad_left == 0 &&
                   p.out_h == p.in_h && p.out_w == p.in_w;
  float acc[4][4];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) acc[i][j] = 0.0;
  for (uint k0 = 0u; k0 < K; k0 += DEPTH) {
    // 256 invocations load 4 filter and 4 window values each: element e = t + 256 * r of the 16 x 64 tiles.
    for (uint r = 0u; r < 4u; ++r) {
      uint e = t + 256u * r, kk = e / TILE, col = e % TILE, k = k0 + kk;
      uint oc = oc0 + col;
      As[kk][col] = (k < K && oc < cout_g) ? w[(g * cout_g + oc) * K + k] : 0.0;
      uint px = px0 + col;
      float v = 0.0;
      if (pointwise) {  // 1x1, stride 1, no pads: the image is the im2col matrix
        if (k < K && px < pixels) v = x[image + k * pixels + px];
      } else if (k < K && px < pixels) {
        uint ic = k / khw, ky = (k % khw) / p.kernel_w, kx = k % p.kernel_w;
        int iy = int((px / p.out_w) * p.stride_h + ky * p.dilation_h) - p.pad_top;
        int ix = int((px % p.out_w) * p.stride_w + kx * p.dilation_w) - p.pad_left;
        if (iy >= 0 && iy < int(p.in_h) && ix >= 0 && ix < int(p.in_w))
          v = x[image + ic * p.in_h * p.in_w + uint(iy) * p.in_w + uint(ix)];
      }
      Bs[kk][col] = v;
    }
    barrier();
    for (uint kk = 0u; kk < DEPTH; ++kk) {
      vec4 a = vec4(As[kk][ty * 4u], As[kk][ty * 4u + 1u], As[kk][ty * 4u + 2u], As[kk][ty * 4u + 3u]);
      vec4 b = vec4(Bs[kk][tx * 4u], Bs[kk][tx * 4u + 1u], Bs[kk][tx * 4u + 2u], Bs[kk][tx * 4u + 3u]);
      for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) acc[i][j] += a[i] * b[j];
    }
    barrier();
  }
  for (uint i = 0u; i < 4u; ++i) {
    uint oc = oc0 + ty * 4u + i;
    if (oc >= cout_g) continue;
    uint c = g * cout_g + oc;
    float b0 = p.has_bias != 0u ? bias[c] : 0.0;
    for (uint j = 0u; j < 4u; ++j) {
      uint px = px0 + tx * 4u + j;
      if (px < pixels)
        y[(batch * p.out_c + c) * pixels + px] = OUT_T(activate(p.act, p.act_a, p.act_b, p.act_c, acc[i][j] + b0));
    }
  }
}
