// Portable multiclass NMS with Paddle's exact selection rules: candidates are scores strictly above
// score_threshold, stably sorted by descending score (ties keep box order), cut to nms_top_k; a candidate
// is kept when its IoU with every kept box is <= the adaptive threshold; keep_top_k then keeps the best
// scores of the image (stable over label order, then selection order).
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "framework/parallel.h"
#include "operators/multiclass_nms_op.h"

namespace ember {

inline float NmsBoxArea(const float* b, bool normalized) {
  if (b[2] < b[0] || b[3] < b[1]) return 0.f;
  const float w = b[2] - b[0], h = b[3] - b[1];
  return normalized ? w * h : (w + 1.f) * (h + 1.f);
}

inline float NmsIoU(const float* a, const float* b, bool normalized) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1]) return 0.f;
  const float off = normalized ? 0.f : 1.f;
  const float iw = std::min(a[2], b[2]) - std::max(a[0], b[0]) + off;
  const float ih = std::min(a[3], b[3]) - std::max(a[1], b[1]) + off;
  const float inter = iw * ih;
  return inter / (NmsBoxArea(a, normalized) + NmsBoxArea(b, normalized) - inter);
}

// Greedy NMS of one class of one image: boxes [m, 4], scores [m]; the kept box indices, best first.
inline std::vector<int> NmsOneClass(const float* boxes, const float* scores, int64_t m, const MultiClassNmsParam& p) {
  std::vector<std::pair<float, int>> cand;
  for (int64_t j = 0; j < m; ++j)
    if (scores[j] > p.score_threshold) cand.emplace_back(scores[j], static_cast<int>(j));
  std::stable_sort(cand.begin(), cand.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  if (p.nms_top_k > -1 && p.nms_top_k < static_cast<int>(cand.size())) cand.resize(static_cast<size_t>(p.nms_top_k));
  std::vector<int> kept;
  float threshold = p.nms_threshold;
  for (const auto& c : cand) {
    const float* box = boxes + static_cast<int64_t>(c.second) * 4;
    bool keep = true;
    for (int k : kept) {
      if (NmsIoU(box, boxes + static_cast<int64_t>(k) * 4, p.normalized) > threshold) {
        keep = false;
        break;
      }
    }
    if (!keep) continue;
    kept.push_back(c.second);
    if (p.nms_eta < 1.f && threshold > 0.5f) threshold *= p.nms_eta;
  }
  return kept;
}

// One image's survivors: per label (ascending), box indices in output order.
using NmsSelection = std::vector<std::vector<int>>;

// Applies keep_top_k to one image's per-class selections.
inline void NmsKeepTopK(const float* scores, int64_t m, int keep_top_k, NmsSelection* sel) {
  size_t total = 0;
  for (const auto& s : *sel) total += s.size();
  if (keep_top_k <= -1 || total <= static_cast<size_t>(keep_top_k)) return;
  std::vector<std::pair<float, std::pair<int, int>>> all;  // (score, (label, box))
  for (size_t c = 0; c < sel->size(); ++c)
    for (int j : (*sel)[c]) all.push_back({scores[static_cast<int64_t>(c) * m + j], {static_cast<int>(c), j}});
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  all.resize(static_cast<size_t>(keep_top_k));
  for (auto& s : *sel) s.clear();
  for (const auto& e : all) (*sel)[static_cast<size_t>(e.second.first)].push_back(e.second.second);
}

// Runs NMS over the batch, then resizes and fills Out (and Index, NmsRoisNum when bound).
inline void MultiClassNmsCompute(const MultiClassNmsParam& p) {
  const int64_t n = p.scores->dims()[0], classes = p.scores->dims()[1], m = p.scores->dims()[2];
  const float* boxes = p.bboxes->data<float>();
  const float* scores = p.scores->data<float>();
  std::vector<NmsSelection> sel(static_cast<size_t>(n), NmsSelection(static_cast<size_t>(classes)));
  ParallelFor(n * classes, MaxThreads(), [&](int64_t ic) {
    const int64_t i = ic / classes, c = ic % classes;
    if (c == p.background_label) return;
    sel[static_cast<size_t>(i)][static_cast<size_t>(c)] =
        NmsOneClass(boxes + i * m * 4, scores + (i * classes + c) * m, m, p);
  });

  std::vector<int64_t> per_image(static_cast<size_t>(n), 0);
  int64_t kept = 0;
  for (int64_t i = 0; i < n; ++i) {
    NmsKeepTopK(scores + i * classes * m, m, p.keep_top_k, &sel[static_cast<size_t>(i)]);
    for (const auto& s : sel[static_cast<size_t>(i)]) per_image[static_cast<size_t>(i)] += static_cast<int64_t>(s.size());
    kept += per_image[static_cast<size_t>(i)];
  }

  if (kept == 0) {
    if (p.index) {
      p.out->Resize(DDim({0, 6}));
      p.out->mutable_data<float>();
      p.index->Resize(DDim({0, 1}));
      p.index->mutable_data<int32_t>();
    } else {
      p.out->Resize(DDim({1, 1}));
      p.out->mutable_data<float>()[0] = -1.f;
      if (n > 0) per_image[0] = 1;  // Paddle counts the -1 row for the first image
    }
  } else {
    p.out->Resize(DDim({kept, 6}));
    float* o = p.out->mutable_data<float>();
    int32_t* idx = nullptr;
    if (p.index) {
      p.index->Resize(DDim({kept, 1}));
      idx = p.index->mutable_data<int32_t>();
    }
    for (int64_t i = 0; i < n; ++i) {
      const NmsSelection& s = sel[static_cast<size_t>(i)];
      for (int64_t c = 0; c < classes; ++c) {
        for (int j : s[static_cast<size_t>(c)]) {
          const float* b = boxes + (i * m + j) * 4;
          o[0] = static_cast<float>(c);
          o[1] = scores[(i * classes + c) * m + j];
          for (int k = 0; k < 4; ++k) o[2 + k] = b[k];
          o += 6;
          if (idx) *idx++ = static_cast<int32_t>(i * m + j);
        }
      }
    }
  }
  if (p.nms_rois_num) {
    int32_t* r = p.nms_rois_num->mutable_data<int32_t>();
    for (int64_t i = 0; i < n; ++i) r[i] = static_cast<int32_t>(per_image[static_cast<size_t>(i)]);
  }
}

}  // namespace ember
