// non_max_suppression on cases worked out by hand.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
std::vector<int64_t> Run(const Tensor& boxes, const Tensor& scores, int64_t max_boxes, float iou, float score,
                         bool center = false) {
  OpRunner r("non_max_suppression");
  r.In("Boxes", "b", boxes).In("Scores", "s", scores)
      .In("MaxOutputBoxesPerClass", "m", MakeTypedTensor<int64_t>({1}, {max_boxes}))
      .In("IouThreshold", "i", MakeTensor({1}, {iou})).In("ScoreThreshold", "t", MakeTensor({1}, {score}))
      .Out("Out", "y").Attr("center_point_box", Attribute::Int(center));
  Status s = r.Run();
  INFO(s.ToString());
  REQUIRE(s.ok());
  const Tensor& y = r.Get("y");
  return std::vector<int64_t>(y.data<int64_t>(), y.data<int64_t>() + y.numel());
}
}  // namespace

TEST_CASE("non_max_suppression keeps the best boxes per class, suppressing overlaps", "[op][nms]") {
  // Box 1 overlaps box 0 with IoU 81/109 = 0.74 ([y1, x1, y2, x2]); box 2 is apart.
  Tensor boxes = MakeTensor({1, 3, 4}, {0, 0, 10, 10, 1, 1, 11, 10, 20, 20, 30, 30});
  Tensor scores = MakeTensor({1, 2, 3}, {0.9f, 0.8f, 0.3f,    // class 0
                                         0.1f, 0.7f, 0.6f});  // class 1
  CHECK(Run(boxes, scores, 10, 0.5f, 0.f) == std::vector<int64_t>({0, 0, 0, 0, 0, 2, 0, 1, 1, 0, 1, 2}));
  CHECK(Run(boxes, scores, 10, 0.75f, 0.f).size() == 18);  // 0.74 < 0.75: nothing is suppressed
  CHECK(Run(boxes, scores, 1, 0.5f, 0.f) == std::vector<int64_t>({0, 0, 0, 0, 1, 1}));
  CHECK(Run(boxes, scores, 10, 0.5f, 0.65f) == std::vector<int64_t>({0, 0, 0, 0, 1, 1}));
  CHECK(Run(boxes, scores, 0, 0.5f, 0.f).empty());
  // The same boxes as centers and sizes.
  Tensor centers = MakeTensor({1, 3, 4}, {5, 5, 10, 10, 5.5f, 6, 9, 10, 25, 25, 10, 10});
  CHECK(Run(centers, scores, 10, 0.5f, 0.f, true) == std::vector<int64_t>({0, 0, 0, 0, 0, 2, 0, 1, 1, 0, 1, 2}));
}
