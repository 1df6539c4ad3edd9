// Portable prior_box: Paddle's box layout, per cell (h, w) and per min size:
//   default order: one box per expanded aspect ratio, then the sqrt(min * max) square when max_sizes is set;
//   min_max_aspect_ratios_order: the min square, the sqrt(min * max) square, then the ratios other than 1.
// A box of ratio r is min * sqrt(r) wide and min / sqrt(r) tall, centered at ((w + offset) * step_w,
// (h + offset) * step_h), divided by the image size; clip clamps every coordinate to [0, 1].
#pragma once

#include <algorithm>
#include <cmath>

#include "framework/parallel.h"
#include "operators/prior_box_op.h"

namespace ember {

inline void PriorBoxCompute(const PriorBoxParam& p, float* boxes, float* variances) {
  const int64_t fh = p.input->dims()[2], fw = p.input->dims()[3];
  const float img_h = static_cast<float>(p.image->dims()[2]);
  const float img_w = static_cast<float>(p.image->dims()[3]);
  float step_w = p.step_w, step_h = p.step_h;
  if (step_w == 0.f || step_h == 0.f) {
    step_w = img_w / static_cast<float>(fw);
    step_h = img_h / static_cast<float>(fh);
  }
  const int64_t num_priors = p.NumPriors();
  ParallelFor(fh, MaxThreads(), [&](int64_t h) {
    for (int64_t w = 0; w < fw; ++w) {
      const float cx = (static_cast<float>(w) + p.offset) * step_w;
      const float cy = (static_cast<float>(h) + p.offset) * step_h;
      float* b = boxes + (h * fw + w) * num_priors * 4;
      auto put = [&](float half_w, float half_h) {
        b[0] = (cx - half_w) / img_w;
        b[1] = (cy - half_h) / img_h;
        b[2] = (cx + half_w) / img_w;
        b[3] = (cy + half_h) / img_h;
        b += 4;
      };
      for (size_t s = 0; s < p.min_sizes.size(); ++s) {
        const float min_size = p.min_sizes[s];
        const bool has_max = !p.max_sizes.empty();
        const float max_half = has_max ? std::sqrt(min_size * p.max_sizes[s]) / 2.f : 0.f;
        if (p.min_max_aspect_ratios_order) {
          put(min_size / 2.f, min_size / 2.f);
          if (has_max) put(max_half, max_half);
          for (float ar : p.aspect_ratios) {
            if (std::fabs(ar - 1.f) < 1e-6f) continue;
            put(min_size * std::sqrt(ar) / 2.f, min_size / std::sqrt(ar) / 2.f);
          }
        } else {
          for (float ar : p.aspect_ratios) put(min_size * std::sqrt(ar) / 2.f, min_size / std::sqrt(ar) / 2.f);
          if (has_max) put(max_half, max_half);
        }
      }
    }
  });
  const int64_t n = fh * fw * num_priors;
  if (p.clip)
    for (int64_t i = 0; i < n * 4; ++i) boxes[i] = std::min(std::max(boxes[i], 0.f), 1.f);
  for (int64_t i = 0; i < n; ++i)
    for (int k = 0; k < 4; ++k) variances[i * 4 + k] = p.variance[static_cast<size_t>(k)];
}

}  // namespace ember
