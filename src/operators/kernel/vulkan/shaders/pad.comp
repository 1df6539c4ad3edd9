// pad2d / pad3d over [planes, D, H, W] (operators/pad_op.h; pad2d is D = 1): one invocation per output element
// reads the source element its mode maps it to (kernel/central-arm-func/pad_func.h's PadSourceIndex), or the
// constant.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
layout(std430, binding = 1) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push {
  uint n, d, h, w, od, oh, ow;
  int front, top, left;  // the leading pads
  int mode;              // PadMode: 0 constant, 1 reflect, 2 replicate, 3 circular
  float value;
} p;

// The source index of output index i shifted by the leading pad, or -1 for the constant.
int source(int i, int len) {
  if (i >= 0 && i < len) return i;
  if (p.mode == 1) return i < 0 ? -i : 2 * (len - 1) - i;
  if (p.mode == 2) return i < 0 ? 0 : len - 1;
  if (p.mode == 3) return ((i % len) + len) % len;
  return -1;
}

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  uint ox = i % p.ow, oy = (i / p.ow) % p.oh, oz = (i / (p.ow * p.oh)) % p.od, plane = i / (p.ow * p.oh * p.od);
  int sz = source(int(oz) - p.front, int(p.d)), sy = source(int(oy) - p.top, int(p.h));
  int sx = source(int(ox) - p.left, int(p.w));
  y[i] = OUT_T(sz < 0 || sy < 0 || sx < 0 ? p.value
                                    : x_at(((plane * p.d + uint(sz)) * p.h + uint(sy)) * p.w + uint(sx)));
}
