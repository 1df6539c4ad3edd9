// out = a (op) b with numpy broadcasting over up to 4 dims: dims are the output's, sa / sb each input's element
// strides per output dim (0 where that input is broadcast).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, a)
INPUT(1, b)
layout(std430, binding = 2) writeonly buffer Out { OUT_T o[]; };
layout(push_constant) uniform Push { uint n; int op; uvec4 dims; uvec4 sa; uvec4 sb; } p;

#define OP_ADD 0
#define OP_SUB 1
#define OP_MUL 2
#define OP_DIV 3
#define OP_MAX 4
#define OP_MIN 5

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  uint r = i, ia = 0, ib = 0;
  for (int d = 3; d >= 0; --d) {
    uint idx = r % p.dims[d];
    r /= p.dims[d];
    ia += idx * p.sa[d];
    ib += idx * p.sb[d];
  }
  float x = a_at(ia), y = b_at(ib);
  float v;
  switch (p.op) {
    case OP_ADD: v = x + y; break;
    case OP_SUB: v = x - y; break;
    case OP_MUL: v = x * y; break;
    case OP_DIV: v = x / y; break;
    case OP_MAX: v = max(x, y); break;
    default: v = min(x, y); break;
  }
  o[i] = OUT_T(v);
}
