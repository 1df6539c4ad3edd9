// y = act(x), elementwise over n floats.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
layout(std430, binding = 1) writeonly buffer Y { OUT_T y[]; };
layout(push_constant) uniform Push { uint n; int type; float a; float b; float c; } p;

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  y[i] = OUT_T(activate(p.type, p.a, p.b, p.c, x_at(i)));
}
