// Portable implementations of ncnn's detection layers (see ncnn_detection_op.h for the semantics). They
// are short sequential loops over small tensors and double as their own reference.
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "operators/ncnn_detection_op.h"

namespace ember {

namespace ncnn_detail {

struct Box {
  float xmin, ymin, xmax, ymax;
  int label;
  float score;
};

inline float IntersectionArea(const Box& a, const Box& b) {
  if (a.xmin > b.xmax || a.xmax < b.xmin || a.ymin > b.ymax || a.ymax < b.ymin) return 0.f;
  return (std::min(a.xmax, b.xmax) - std::max(a.xmin, b.xmin)) * (std::min(a.ymax, b.ymax) - std::max(a.ymin, b.ymin));
}

// Sorts by descending score; ties keep their order (a stable sort: deterministic across platforms).
inline void SortByScore(std::vector<Box>* boxes) {
  std::stable_sort(boxes->begin(), boxes->end(), [](const Box& a, const Box& b) { return a.score > b.score; });
}

// Greedy NMS over boxes sorted by score: a box is dropped when its IoU with a kept box exceeds threshold.
inline std::vector<Box> GreedyNms(const std::vector<Box>& boxes, float threshold) {
  std::vector<Box> kept;
  std::vector<float> kept_area;
  for (const Box& a : boxes) {
    const float area = (a.xmax - a.xmin) * (a.ymax - a.ymin);
    bool keep = true;
    for (size_t j = 0; j < kept.size() && keep; ++j) {
      const float inter = IntersectionArea(a, kept[j]);
      if (inter / (area + kept_area[j] - inter) > threshold) keep = false;
    }
    if (keep) {
      kept.push_back(a);
      kept_area.push_back(area);
    }
  }
  return kept;
}

inline void WriteDetections(const std::vector<Box>& boxes, Tensor* out) {
  out->Resize(DDim({1, static_cast<int64_t>(boxes.size()), 6}));
  float* o = out->mutable_data<float>();
  for (const Box& b : boxes) {
    *o++ = static_cast<float>(b.label);
    *o++ = b.score;
    *o++ = b.xmin;
    *o++ = b.ymin;
    *o++ = b.xmax;
    *o++ = b.ymax;
  }
}

inline float Sigmoid(float x) { return 1.f / (1.f + std::exp(-x)); }

}  // namespace ncnn_detail

inline int NcnnNumPriors(const NcnnDetectionParam& p) {
  const int n_min = static_cast<int>(p.min_sizes.size()), n_ar = static_cast<int>(p.aspect_ratios.size());
  return n_min * n_ar * (p.flip ? 2 : 1) + n_min + static_cast<int>(p.max_sizes.size());
}

inline Status NcnnPriorBox(const NcnnDetectionParam& p) {
  const DDim& fd = p.input->dims();
  const DDim& id = p.image->dims();
  const int h = static_cast<int>(fd[fd.size() - 2]), w = static_cast<int>(fd[fd.size() - 1]);
  const float image_w = static_cast<float>(p.image_width == -233 ? id[id.size() - 1] : p.image_width);
  const float image_h = static_cast<float>(p.image_height == -233 ? id[id.size() - 2] : p.image_height);
  const float step_w = p.step_width == -233.f ? image_w / w : p.step_width;
  const float step_h = p.step_height == -233.f ? image_h / h : p.step_height;
  const int num_prior = NcnnNumPriors(p);
  const int64_t n = 4LL * w * h * num_prior;
  p.out->Resize(DDim({1, 2, n}));
  float* box = p.out->mutable_data<float>();
  auto put = [&](float cx, float cy, float bw, float bh) {
    box[0] = (cx - bw * 0.5f) / image_w;
    box[1] = (cy - bh * 0.5f) / image_h;
    box[2] = (cx + bw * 0.5f) / image_w;
    box[3] = (cy + bh * 0.5f) / image_h;
    box += 4;
  };
  for (int i = 0; i < h; ++i) {
    const float cy = p.offset * step_h + i * step_h;
    for (int j = 0; j < w; ++j) {
      const float cx = p.offset * step_w + j * step_w;
      for (size_t k = 0; k < p.min_sizes.size(); ++k) {
        const float mn = p.min_sizes[k];
        put(cx, cy, mn, mn);
        if (!p.max_sizes.empty()) {
          const float s = std::sqrt(mn * p.max_sizes[k]);
          put(cx, cy, s, s);
        }
        for (float ar : p.aspect_ratios) {
          const float bw = mn * std::sqrt(ar), bh = mn / std::sqrt(ar);
          put(cx, cy, bw, bh);
          if (p.flip) put(cx, cy, bh, bw);
        }
      }
    }
  }
  float* d = p.out->mutable_data<float>();
  if (p.clip)
    for (int64_t i = 0; i < n; ++i) d[i] = std::min(std::max(d[i], 0.f), 1.f);
  float* var = d + n;
  for (int64_t i = 0; i < n / 4; ++i)
    for (int k = 0; k < 4; ++k) *var++ = p.variances[static_cast<size_t>(k)];
  return Status::OK();
}

inline Status NcnnDetectionOutput(const NcnnDetectionParam& p) {
  using ncnn_detail::Box;
  const int64_t num_prior = p.prior->dims()[2] / 4;
  const int C = p.num_class;
  const float* loc = p.loc->data<float>();
  const float* conf = p.conf->data<float>();
  const float* pb = p.prior->data<float>();
  const float* var = pb + num_prior * 4;
  std::vector<Box> decoded(static_cast<size_t>(num_prior));
  for (int64_t i = 0; i < num_prior; ++i) {
    const float* l = loc + i * 4;
    const float* b = pb + i * 4;
    const float* v = var + i * 4;
    const float pw = b[2] - b[0], ph = b[3] - b[1];
    const float pcx = (b[0] + b[2]) * 0.5f, pcy = (b[1] + b[3]) * 0.5f;
    const float cx = v[0] * l[0] * pw + pcx, cy = v[1] * l[1] * ph + pcy;
    const float bw = std::exp(v[2] * l[2]) * pw, bh = std::exp(v[3] * l[3]) * ph;
    decoded[static_cast<size_t>(i)] = {cx - bw * 0.5f, cy - bh * 0.5f, cx + bw * 0.5f, cy + bh * 0.5f, 0, 0.f};
  }
  std::vector<Box> all;
  for (int c = 1; c < C; ++c) {
    std::vector<Box> cls;
    for (int64_t j = 0; j < num_prior; ++j) {
      const float s = conf[j * C + c];
      if (s > p.confidence_threshold) {
        Box b = decoded[static_cast<size_t>(j)];
        b.label = c;
        b.score = s;
        cls.push_back(b);
      }
    }
    ncnn_detail::SortByScore(&cls);
    if (p.nms_top_k >= 0 && static_cast<size_t>(p.nms_top_k) < cls.size()) cls.resize(static_cast<size_t>(p.nms_top_k));
    std::vector<Box> kept = ncnn_detail::GreedyNms(cls, p.nms_threshold);
    all.insert(all.end(), kept.begin(), kept.end());
  }
  ncnn_detail::SortByScore(&all);
  if (p.keep_top_k >= 0 && static_cast<size_t>(p.keep_top_k) < all.size()) all.resize(static_cast<size_t>(p.keep_top_k));
  ncnn_detail::WriteDetections(all, p.out);
  return Status::OK();
}

inline Status NcnnYoloDetectionOutput(const NcnnDetectionParam& p) {
  using ncnn_detail::Box;
  using ncnn_detail::Sigmoid;
  std::vector<Box> all;
  const int nc = p.num_class;
  for (size_t b = 0; b < p.xs.size(); ++b) {
    const DDim& d = p.xs[b]->dims();
    const int h = static_cast<int>(d[2]), w = static_cast<int>(d[3]);
    const int64_t plane = static_cast<int64_t>(h) * w;
    const float* x = p.xs[b]->data<float>();
    const int channels_per_box = 5 + nc;
    for (int pp = 0; pp < p.num_box; ++pp) {
      const float* base = x + static_cast<int64_t>(pp) * channels_per_box * plane;
      float bias_w, bias_h, net_w, net_h;
      if (p.version == 3) {
        const int idx = static_cast<int>(p.mask[b * static_cast<size_t>(p.num_box) + static_cast<size_t>(pp)]);
        bias_w = p.biases[static_cast<size_t>(idx) * 2];
        bias_h = p.biases[static_cast<size_t>(idx) * 2 + 1];
        net_w = static_cast<float>(static_cast<int>(p.anchors_scale[b] * w));
        net_h = static_cast<float>(static_cast<int>(p.anchors_scale[b] * h));
      } else {
        bias_w = p.biases[static_cast<size_t>(pp) * 2];
        bias_h = p.biases[static_cast<size_t>(pp) * 2 + 1];
        net_w = static_cast<float>(w);
        net_h = static_cast<float>(h);
      }
      for (int i = 0; i < h; ++i) {
        for (int j = 0; j < w; ++j) {
          const int64_t at = static_cast<int64_t>(i) * w + j;
          int best = 0;
          float best_score = -std::numeric_limits<float>::max();
          for (int q = 0; q < nc; ++q) {
            const float s = base[(5 + q) * plane + at];
            if (s > best_score) best = q, best_score = s;
          }
          float class_score;
          if (p.version == 3) {
            class_score = Sigmoid(best_score);
          } else {  // softmax over the classes
            double sum = 0;
            for (int q = 0; q < nc; ++q) sum += std::exp(static_cast<double>(base[(5 + q) * plane + at] - best_score));
            class_score = static_cast<float>(1.0 / sum);
          }
          const float confidence = Sigmoid(base[4 * plane + at]) * class_score;
          if (confidence < p.confidence_threshold) continue;
          const float cx = (j + Sigmoid(base[at])) / w;
          const float cy = (i + Sigmoid(base[plane + at])) / h;
          const float bw = std::exp(base[2 * plane + at]) * bias_w / net_w;
          const float bh = std::exp(base[3 * plane + at]) * bias_h / net_h;
          all.push_back({cx - bw * 0.5f, cy - bh * 0.5f, cx + bw * 0.5f, cy + bh * 0.5f, best + 1, confidence});
        }
      }
    }
  }
  ncnn_detail::SortByScore(&all);
  ncnn_detail::WriteDetections(ncnn_detail::GreedyNms(all, p.nms_threshold), p.out);
  return Status::OK();
}

}  // namespace ember
