// Batched matmul (operators/matmul_op.h's GEMMs): out[b][i][j] = act(alpha * sum over k of op(X)[i][k] * op(Y)[k][j])
// with X and Y starting at the b-th (x, y) element offsets of the table (floats, exact below 2^24); op(X)[i][k] is
// X[k * lda + i] when trans_x, else X[i * lda + k], likewise Y with ldb. One invocation per output element.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
INPUT(1, w)
INPUT(2, offsets)
layout(std430, binding = 3) writeonly buffer Out { OUT_T y[]; };
layout(push_constant) uniform Push {
  uint total, m, n, k, lda, ldb, trans_x, trans_y;
  int act;
  float alpha, act_a, act_b, act_c;
} p;

void main() {
  uint i = flat_index(64);
  if (i >= p.total) return;
  uint b = i / (p.m * p.n), row = (i / p.n) % p.m, col = i % p.n;
  uint xo = uint(offsets_at(2u * b)), yo = uint(offsets_at(2u * b + 1u));
  // Steps along k through X's row and Y's column.
  uint x_at_k0 = xo + (p.trans_x != 0u ? row : row * p.lda), x_step = p.trans_x != 0u ? p.lda : 1u;
  uint y_at_k0 = yo + (p.trans_y != 0u ? col * p.ldb : col), y_step = p.trans_y != 0u ? 1u : p.ldb;
  float acc = 0.0;
  for (uint j = 0u; j < p.k; ++j) acc += x_at(x_at_k0 + j * x_step) * w_at(y_at_k0 + j * y_step);
  y[i] = OUT_T(activate(p.act, p.act_a, p.act_b, p.act_c, p.alpha * acc));
}
