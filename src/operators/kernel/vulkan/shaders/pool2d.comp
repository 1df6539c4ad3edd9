// Max or average 2-D pooling, NCHW: one invocation per output element over its in-image window (Paddle's
// rule for a non-exclusive average's divisor: the window clipped to the input plus the leading padding).
#version 450
#extension GL_GOOGLE_include_directive : require
#include "common.glsl"
layout(local_size_x = 64) in;
INPUT(0, x)
layout(std430, binding = 1) writeonly buffer Y { OUT_T y[]; };
layout(push_constant) uniform Push {
  uint n;
  uint in_h, in_w, out_h, out_w;
  uint kernel_h, kernel_w, stride_h, stride_w;
  int pad_top, pad_left;
  uint is_max, exclusive, adaptive;
} p;

// [begin, end) of output index o along an axis, and the non-exclusive divisor's extent.
void window(uint o, uint in_size, uint out_size, uint kernel, uint stride, int pad, out int b, out int e,
            out int padded) {
  if (p.adaptive != 0u) {
    b = int(o * in_size / out_size);
    e = int(((o + 1u) * in_size + out_size - 1u) / out_size);
    padded = e - b;
    return;
  }
  int start = int(o * stride) - pad;
  int stop = min(start + int(kernel), int(in_size) + pad);
  padded = stop - start;
  b = max(start, 0);
  e = min(stop, int(in_size));
}

void main() {
  uint i = flat_index(64);
  if (i >= p.n) return;
  uint ow = i % p.out_w, oh = (i / p.out_w) % p.out_h, plane = i / (p.out_w * p.out_h);
  int h0, h1, hp, w0, w1, wp;
  window(oh, p.in_h, p.out_h, p.kernel_h, p.stride_h, p.pad_top, h0, h1, hp);
  window(ow, p.in_w, p.out_w, p.kernel_w, p.stride_w, p.pad_left, w0, w1, wp);
  uint base = plane * p.in_h * p.in_w;
  float v = 0.0;
  if (h0 < h1 && w0 < w1) {
    if (p.is_max != 0u) {
      v = x_at(base + uint(h0) * p.in_w + uint(w0));
      for (int h = h0; h < h1; ++h)
        for (int w = w0; w < w1; ++w) v = max(v, x_at(base + uint(h) * p.in_w + uint(w)));
    } else {
      float sum = 0.0;
      for (int h = h0; h < h1; ++h)
        for (int w = w0; w < w1; ++w) sum += x_at(base + uint(h) * p.in_w + uint(w));
      int count = (p.exclusive != 0u || p.adaptive != 0u) ? (h1 - h0) * (w1 - w0) : hp * wp;
      v = sum / float(count);
    }
  }
  y[i] = OUT_T(v);
}
