// Portable yolo_box (Paddle's formulas). For anchor a at grid cell (row k, column l) of an H x W map,
// image (img_h, img_w), input size (H * downsample_ratio, W * downsample_ratio), s = scale_x_y and
// bias = -(s - 1) / 2:
//   cx = (l + sigmoid(tx) * s + bias) * img_w / W        w = exp(tw) * anchor_w * img_w / input_w
//   cy = (k + sigmoid(ty) * s + bias) * img_h / H        h = exp(th) * anchor_h * img_h / input_h
//   box = (cx - w/2, cy - h/2, cx + w/2, cy + h/2), clipped to [0, img - 1] when clip_bbox.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>

#include "framework/parallel.h"
#include "operators/yolo_box_op.h"

namespace ember {

inline float YoloSigmoid(float v) { return 1.f / (1.f + std::exp(-v)); }

inline void YoloBoxCompute(const YoloBoxParam& p, float* boxes, float* scores) {
  const int64_t n = p.x->dims()[0], h = p.x->dims()[2], w = p.x->dims()[3];
  const int64_t an = p.NumAnchors(), cls = p.class_num;
  const int64_t stride = h * w;                    // one channel
  const int64_t an_stride = (5 + cls) * stride;    // one anchor's channels
  const int64_t box_num = an * stride;
  const float scale = p.scale_x_y, bias = -0.5f * (scale - 1.f);
  const float input_h = static_cast<float>(p.downsample_ratio * h);
  const float input_w = static_cast<float>(p.downsample_ratio * w);
  const float* x = p.x->data<float>();
  const int32_t* sizes = p.img_size->data<int32_t>();
  std::memset(boxes, 0, sizeof(float) * static_cast<size_t>(n * box_num * 4));
  std::memset(scores, 0, sizeof(float) * static_cast<size_t>(n * box_num * cls));

  ParallelFor(n * an, [&](int64_t ia) {
    const int64_t i = ia / an, a = ia % an;
    {
      const float img_h = static_cast<float>(sizes[2 * i]);
      const float img_w = static_cast<float>(sizes[2 * i + 1]);
      const float anchor_w = static_cast<float>(p.anchors[static_cast<size_t>(2 * a)]);
      const float anchor_h = static_cast<float>(p.anchors[static_cast<size_t>(2 * a + 1)]);
      const float* xa = x + (i * an + a) * an_stride;
      for (int64_t k = 0; k < h; ++k) {
        for (int64_t l = 0; l < w; ++l) {
          const int64_t cell = k * w + l;
          const float conf = YoloSigmoid(xa[4 * stride + cell]);
          if (conf < p.conf_thresh) continue;
          const float cx = (static_cast<float>(l) + YoloSigmoid(xa[cell]) * scale + bias) * img_w / static_cast<float>(w);
          const float cy = (static_cast<float>(k) + YoloSigmoid(xa[stride + cell]) * scale + bias) * img_h / static_cast<float>(h);
          const float bw = std::exp(xa[2 * stride + cell]) * anchor_w * img_w / input_w;
          const float bh = std::exp(xa[3 * stride + cell]) * anchor_h * img_h / input_h;
          const int64_t row = i * box_num + a * stride + cell;
          float* b = boxes + row * 4;
          b[0] = cx - bw / 2.f;
          b[1] = cy - bh / 2.f;
          b[2] = cx + bw / 2.f;
          b[3] = cy + bh / 2.f;
          if (p.clip_bbox) {
            b[0] = std::max(b[0], 0.f);
            b[1] = std::max(b[1], 0.f);
            b[2] = std::min(b[2], img_w - 1.f);
            b[3] = std::min(b[3], img_h - 1.f);
          }
          float* s = scores + row * cls;
          for (int64_t c = 0; c < cls; ++c) s[c] = conf * YoloSigmoid(xa[(5 + c) * stride + cell]);
        }
      }
    }
  });
}

}  // namespace ember
