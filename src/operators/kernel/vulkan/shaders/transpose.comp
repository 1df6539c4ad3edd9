// out = x permuted (rank <= 6): one invocation per output element, its index split over the output's dims and
// read from x through x's strides taken in the output's axis order.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
layout(std430, binding = 1) writeonly buffer Out { float y[]; };
layout(push_constant) uniform Push {
  uint n, rank;
  uint dims[6];     // the output's, innermost last
  uint strides[6];  // x's stride along output axis d
} p;

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  uint src = 0u, rest = i;
  for (int d = int(p.rank) - 1; d >= 0; --d) {
    src += (rest % p.dims[d]) * p.strides[d];
    rest /= p.dims[d];
  }
  y[i] = x_at(src);
}
