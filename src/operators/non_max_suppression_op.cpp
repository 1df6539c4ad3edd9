#include "operators/non_max_suppression_op.h"

#include <algorithm>
#include <numeric>

#include "framework/op_registry.h"

namespace ember {

Status NonMaxSuppressionParam::Bind(ParamBinder* b) {
  boxes = b->Input("Boxes");
  scores = b->Input("Scores");
  max_boxes = b->OptionalInput("MaxOutputBoxesPerClass");
  iou_threshold = b->OptionalInput("IouThreshold");
  score_threshold = b->OptionalInput("ScoreThreshold");
  out = b->Output("Out");
  center_point_box = b->attrs().Int("center_point_box", 0) != 0;
  return Status::OK();
}

namespace {

struct Corners {
  float x0, y0, x1, y1;
};

Corners ToCorners(const float* b, bool center) {
  if (center) return {b[0] - b[2] / 2, b[1] - b[3] / 2, b[0] + b[2] / 2, b[1] + b[3] / 2};
  return {std::min(b[1], b[3]), std::min(b[0], b[2]), std::max(b[1], b[3]), std::max(b[0], b[2])};
}

// Whether a and b overlap by more than `threshold` IoU (empty boxes never do).
bool Overlaps(const Corners& a, const Corners& b, float threshold) {
  const float iw = std::min(a.x1, b.x1) - std::max(a.x0, b.x0), ih = std::min(a.y1, b.y1) - std::max(a.y0, b.y0);
  if (iw <= 0 || ih <= 0) return false;
  const float inter = iw * ih, area_a = (a.x1 - a.x0) * (a.y1 - a.y0), area_b = (b.x1 - b.x0) * (b.y1 - b.y0);
  const float uni = area_a + area_b - inter;
  if (area_a <= 0 || area_b <= 0 || uni <= 0) return false;
  return inter / uni > threshold;
}

float OneValue(const Tensor* t, float def) { return t && t->numel() > 0 ? t->data<float>()[0] : def; }

}  // namespace

Status NonMaxSuppressionOp::InferShape() {
  NonMaxSuppressionParam& p = param_;
  EMBER_CHECK_DTYPE(p.boxes, DataType::kFloat32, "input Boxes");
  EMBER_CHECK_DTYPE(p.scores, DataType::kFloat32, "input Scores");
  const DDim& bd = p.boxes->dims();
  const DDim& sd = p.scores->dims();
  EMBER_CHECK(bd.size() == 3 && bd[2] == 4 && sd.size() == 3 && sd[0] == bd[0] && sd[2] == bd[1], "Boxes ",
              bd.ToString(), " and Scores ", sd.ToString(), " must be [B, N, 4] and [B, C, N]");
  if (p.max_boxes) EMBER_CHECK_DTYPE(p.max_boxes, DataType::kInt64, "input MaxOutputBoxesPerClass");
  const bool limited = p.max_boxes && p.max_boxes->numel() > 0;
  const int64_t limit = limited ? std::max<int64_t>(p.max_boxes->data<int64_t>()[0], 0) : 0;
  const float iou = OneValue(p.iou_threshold, 0.f);
  const bool by_score = p.score_threshold && p.score_threshold->numel() > 0;
  const float min_score = OneValue(p.score_threshold, 0.f);
  p.selected.clear();
  for (int64_t b = 0; b < bd[0]; ++b)
    for (int64_t c = 0; c < sd[1]; ++c) {
      const float* s = p.scores->data<float>() + (b * sd[1] + c) * sd[2];
      std::vector<int64_t> order;
      for (int64_t i = 0; i < sd[2]; ++i)
        if (!by_score || s[i] > min_score) order.push_back(i);
      std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) { return s[i] > s[j]; });
      std::vector<Corners> kept;
      for (int64_t i : order) {
        if (static_cast<int64_t>(kept.size()) >= limit) break;
        const Corners box = ToCorners(p.boxes->data<float>() + (b * bd[1] + i) * 4, p.center_point_box);
        if (std::any_of(kept.begin(), kept.end(), [&](const Corners& k) { return Overlaps(box, k, iou); })) continue;
        kept.push_back(box);
        p.selected.insert(p.selected.end(), {b, c, i});
      }
    }
  p.out->Resize(DDim({static_cast<int64_t>(p.selected.size() / 3), 3}));
  p.out->set_dtype(DataType::kInt64);
  return Status::OK();
}

REGISTER_OPERATOR_CPU(non_max_suppression, NonMaxSuppressionOp)

}  // namespace ember
