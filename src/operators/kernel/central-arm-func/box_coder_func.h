// Portable box_coder (Paddle's center-size coding). A box (x1, y1, x2, y2) has width x2 - x1 + u and
// center x1 + width / 2 for a prior, (x1 + x2) / 2 for an encoded target, where u = 1 for pixel
// coordinates (box_normalized = false), else 0.
//   encode: ((tcx - pcx) / pw, (tcy - pcy) / ph, log|tw / pw|, log|th / ph|) / variance
//   decode: center = var * offset * prior size + prior center, size = exp(var * offset) * prior size,
//           box = center -/+ size / 2, minus u on x2 and y2.
#pragma once

#include <cmath>
#include <cstdint>

#include "framework/parallel.h"
#include "operators/box_coder_op.h"

namespace ember {

struct CenterBox {
  float cx, cy, w, h;
};

// A prior's center form; norm_off = 1 for pixel coordinates, else 0.
inline CenterBox PriorCenter(const float* b, float norm_off) {
  float w = b[2] - b[0] + norm_off;
  float h = b[3] - b[1] + norm_off;
  return {b[0] + w / 2.f, b[1] + h / 2.f, w, h};
}

inline void BoxEncodeCenterSize(const BoxCoderParam& p, float* out) {
  const float* prior = p.prior_box->data<float>();
  const float* target = p.target_box->data<float>();
  const float* pvar = p.prior_box_var ? p.prior_box_var->data<float>() : nullptr;
  const int64_t rows = p.target_box->dims()[0], cols = p.prior_box->dims()[0];
  const float u = p.box_normalized ? 0.f : 1.f;
  ParallelFor(rows, MaxThreads(), [&](int64_t i) {
    const float* t = target + i * 4;
    const float tcx = (t[2] + t[0]) / 2.f, tcy = (t[3] + t[1]) / 2.f;
    const float tw = t[2] - t[0] + u, th = t[3] - t[1] + u;
    for (int64_t j = 0; j < cols; ++j) {
      CenterBox pc = PriorCenter(prior + j * 4, u);
      float* o = out + (i * cols + j) * 4;
      o[0] = (tcx - pc.cx) / pc.w;
      o[1] = (tcy - pc.cy) / pc.h;
      o[2] = std::log(std::fabs(tw / pc.w));
      o[3] = std::log(std::fabs(th / pc.h));
      const float* v = pvar ? pvar + j * 4 : (p.variance.empty() ? nullptr : p.variance.data());
      if (v)
        for (int k = 0; k < 4; ++k) o[k] /= v[k];
    }
  });
}

inline void BoxDecodeCenterSize(const BoxCoderParam& p, float* out) {
  const float* prior = p.prior_box->data<float>();
  const float* target = p.target_box->data<float>();
  const float* pvar = p.prior_box_var ? p.prior_box_var->data<float>() : nullptr;
  const int64_t rows = p.target_box->dims()[0], cols = p.target_box->dims()[1];
  const float u = p.box_normalized ? 0.f : 1.f;
  static const float kOnes[4] = {1.f, 1.f, 1.f, 1.f};
  ParallelFor(rows, MaxThreads(), [&](int64_t i) {
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t prior_row = p.axis == 0 ? j : i;
      CenterBox pc = PriorCenter(prior + prior_row * 4, u);
      const float* v = pvar ? pvar + prior_row * 4 : (p.variance.empty() ? kOnes : p.variance.data());
      const float* t = target + (i * cols + j) * 4;
      const float cx = v[0] * t[0] * pc.w + pc.cx;
      const float cy = v[1] * t[1] * pc.h + pc.cy;
      const float w = std::exp(v[2] * t[2]) * pc.w;
      const float h = std::exp(v[3] * t[3]) * pc.h;
      float* o = out + (i * cols + j) * 4;
      o[0] = cx - w / 2.f;
      o[1] = cy - h / 2.f;
      o[2] = cx + w / 2.f - u;
      o[3] = cy + h / 2.f - u;
    }
  });
}

}  // namespace ember
