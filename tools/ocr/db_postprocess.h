// DB (Differentiable Binarization) post-processing of a text detector's probability map, as PaddleOCR's
// DBPostProcess (box_type "quad"): binarize, connected regions, minimum-area boxes, box score, unclip.
#pragma once

#include <vector>

#include "ocr_image.h"

namespace ember {
namespace ocr {

struct DbOptions {
  float thresh = 0.3f;        // probability above which a pixel is text
  float box_thresh = 0.6f;    // mean probability inside a box needed to keep it
  float unclip_ratio = 2.0f;  // offset distance = area * ratio / perimeter (2.0 keeps a line-final '.')
  int max_candidates = 1000;
  int min_size = 3;           // shorter box side (map pixels) below which a region is dropped
};

// Corners clockwise from the top-left: top-left, top-right, bottom-right, bottom-left.
struct Quad {
  Point p[4];
  float score = 0;
};

// Convex hull (counter-clockwise in y-down coordinates, no collinear points) of `pts`.
std::vector<Point> ConvexHull(std::vector<Point> pts);

// The minimum-area rectangle enclosing `pts` (rotating calipers over the convex hull), as PaddleOCR's
// get_mini_boxes orders OpenCV's minAreaRect corners: top-left, top-right, bottom-right, bottom-left.
// *short_side is the rectangle's shorter side. False when pts is empty.
bool MiniBox(const std::vector<Point>& pts, Quad* box, float* short_side);

// Expands a convex polygon by `distance` with round corners (the Minkowski sum with a disc, the arcs as
// polygons as Clipper's jtRound offset makes them) and returns the outline's points.
std::vector<Point> OffsetConvexPolygon(const std::vector<Point>& poly, float distance);

// Boxes from a probability map `prob` (map_h x map_w, row-major) scaled to an image of dst_w x dst_h,
// sorted top to bottom then left to right (boxes less than 10 px apart vertically count as one row).
std::vector<Quad> DbPostProcess(const float* prob, int map_h, int map_w, int dst_h, int dst_w,
                                const DbOptions& opt);

}  // namespace ocr
}  // namespace ember
