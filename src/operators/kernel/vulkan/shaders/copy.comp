// dst[o * dst_stride + dst_offset + i] = src[o * src_stride + src_offset + i] for o < outer, i < inner: a concat
// input into its place in the output, one dispatch per input.
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, src)
layout(std430, binding = 1) writeonly buffer Dst { OUT_T dst[]; };
layout(push_constant) uniform Push { uint n; uint inner; uint src_stride, src_offset, dst_stride, dst_offset; } p;

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  uint o = i / p.inner, k = i % p.inner;
  dst[o * p.dst_stride + p.dst_offset + k] = OUT_T(src_at(o * p.src_stride + p.src_offset + k));
}
