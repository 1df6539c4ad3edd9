// out = a strided view of x (rank <= 6): one invocation per output element, its index split over the view's dims
// and read from x at offset + sum of index_d * strides[d]. A transpose takes x's strides in the output's axis
// order; slice and strided_slice take x's own strides times their steps (negative for a backward step).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
layout(std430, binding = 1) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push {
  uint n, rank;
  int offset;       // of the view's first element in x
  uint dims[6];     // the view's, innermost last
  int strides[6];   // x's step along view axis d
} p;

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  int src = p.offset;
  uint rest = i;
  for (int d = int(p.rank) - 1; d >= 0; --d) {
    src += int(rest % p.dims[d]) * p.strides[d];
    rest /= p.dims[d];
  }
  y[i] = OUT_T(x_at(uint(src)));
}
