#include "db_postprocess.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace ember {
namespace ocr {

namespace {

const double kPi = 3.14159265358979323846;

double Cross(const Point& o, const Point& a, const Point& b) {
  return (static_cast<double>(a.x) - o.x) * (static_cast<double>(b.y) - o.y) -
         (static_cast<double>(a.y) - o.y) * (static_cast<double>(b.x) - o.x);
}

float Dist(const Point& a, const Point& b) { return std::hypot(a.x - b.x, a.y - b.y); }

double PolygonArea(const Point* p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    const Point& a = p[i];
    const Point& b = p[(i + 1) % n];
    s += static_cast<double>(a.x) * b.y - static_cast<double>(b.x) * a.y;
  }
  return std::fabs(s) / 2;
}

double PolygonPerimeter(const Point* p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) s += Dist(p[i], p[(i + 1) % n]);
  return s;
}

// PaddleOCR's box_score_fast: the mean probability over the pixels of the box's bounding rectangle that
// the box (corners truncated to integers, as cv2.fillPoly gets them) covers, boundary included.
float BoxScore(const float* prob, int h, int w, const Quad& box) {
  float fx0 = box.p[0].x, fx1 = box.p[0].x, fy0 = box.p[0].y, fy1 = box.p[0].y;
  for (const Point& p : box.p) {
    fx0 = std::min(fx0, p.x); fx1 = std::max(fx1, p.x);
    fy0 = std::min(fy0, p.y); fy1 = std::max(fy1, p.y);
  }
  int xmin = std::min(std::max(static_cast<int>(std::floor(fx0)), 0), w - 1);
  int xmax = std::min(std::max(static_cast<int>(std::ceil(fx1)), 0), w - 1);
  int ymin = std::min(std::max(static_cast<int>(std::floor(fy0)), 0), h - 1);
  int ymax = std::min(std::max(static_cast<int>(std::ceil(fy1)), 0), h - 1);
  Point q[4];
  for (int i = 0; i < 4; ++i) q[i] = {static_cast<float>(static_cast<int>(box.p[i].x - xmin)) + xmin,
                                      static_cast<float>(static_cast<int>(box.p[i].y - ymin)) + ymin};
  double orient = 0;
  for (int i = 0; i < 4; ++i) orient += Cross(q[0], q[(i + 1) % 4], q[(i + 2) % 4]);
  double sum = 0;
  int64_t count = 0;
  for (int y = ymin; y <= ymax; ++y)
    for (int x = xmin; x <= xmax; ++x) {
      Point c{static_cast<float>(x), static_cast<float>(y)};
      bool inside = true;
      for (int i = 0; i < 4 && inside; ++i) {
        double cr = Cross(q[i], q[(i + 1) % 4], c);
        inside = orient >= 0 ? cr >= -1e-6 : cr <= 1e-6;
      }
      if (inside) {
        sum += prob[static_cast<size_t>(y) * w + x];
        ++count;
      }
    }
  return count ? static_cast<float>(sum / count) : 0.f;
}

}  // namespace

std::vector<Point> ConvexHull(std::vector<Point> pts) {
  std::sort(pts.begin(), pts.end(), [](const Point& a, const Point& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  pts.erase(std::unique(pts.begin(), pts.end(), [](const Point& a, const Point& b) { return a.x == b.x && a.y == b.y; }),
            pts.end());
  if (pts.size() < 3) return pts;
  std::vector<Point> hull(2 * pts.size());
  size_t k = 0;
  for (size_t i = 0; i < pts.size(); ++i) {
    while (k >= 2 && Cross(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
    hull[k++] = pts[i];
  }
  for (size_t i = pts.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && Cross(hull[k - 2], hull[k - 1], pts[i - 1]) <= 0) --k;
    hull[k++] = pts[i - 1];
  }
  hull.resize(k - 1);
  return hull;
}

bool MiniBox(const std::vector<Point>& pts, Quad* box, float* short_side) {
  std::vector<Point> hull = ConvexHull(pts);
  if (hull.empty()) return false;
  // Rotating calipers: the minimum-area rectangle has a side along a hull edge.
  double best_area = -1, bu0 = 0, bu1 = 0, bv0 = 0, bv1 = 0, bux = 1, buy = 0;
  size_t n = hull.size();
  for (size_t i = 0; i < std::max<size_t>(n, 1); ++i) {
    double ux = 1, uy = 0;
    if (n >= 2) {
      ux = static_cast<double>(hull[(i + 1) % n].x) - hull[i].x;
      uy = static_cast<double>(hull[(i + 1) % n].y) - hull[i].y;
      double len = std::hypot(ux, uy);
      if (len == 0) continue;
      ux /= len;
      uy /= len;
    }
    double u0 = 1e300, u1 = -1e300, v0 = 1e300, v1 = -1e300;
    for (const Point& p : hull) {
      double u = p.x * ux + p.y * uy, v = -p.x * uy + p.y * ux;
      u0 = std::min(u0, u); u1 = std::max(u1, u);
      v0 = std::min(v0, v); v1 = std::max(v1, v);
    }
    double area = (u1 - u0) * (v1 - v0);
    if (best_area < 0 || area < best_area) {
      best_area = area;
      bu0 = u0; bu1 = u1; bv0 = v0; bv1 = v1; bux = ux; buy = uy;
    }
  }
  // Corner (u, v) -> (x, y) = u * (ux, uy) + v * (-uy, ux).
  auto corner = [&](double u, double v) {
    return Point{static_cast<float>(u * bux - v * buy), static_cast<float>(u * buy + v * bux)};
  };
  Point c[4] = {corner(bu0, bv0), corner(bu1, bv0), corner(bu1, bv1), corner(bu0, bv1)};
  std::stable_sort(c, c + 4, [](const Point& a, const Point& b) { return a.x < b.x; });
  int i1 = 0, i4 = 1, i2 = 2, i3 = 3;
  if (!(c[1].y > c[0].y)) std::swap(i1, i4);
  if (!(c[3].y > c[2].y)) std::swap(i2, i3);
  box->p[0] = c[i1];
  box->p[1] = c[i2];
  box->p[2] = c[i3];
  box->p[3] = c[i4];
  *short_side = static_cast<float>(std::min(bu1 - bu0, bv1 - bv0));
  return true;
}

std::vector<Point> OffsetConvexPolygon(const std::vector<Point>& poly, float distance) {
  // As Clipper's jtRound offset: every edge moved out by d, and at each corner an arc from one edge's
  // normal to the next one's in steps of 2 pi / (pi / acos(1 - arc_tolerance / d)), arc_tolerance 0.25.
  std::vector<Point> hull = ConvexHull(poly);  // counter-clockwise (positive shoelace area)
  double d = std::fabs(distance);
  if (hull.size() < 3 || d == 0) return hull;
  double steps = d > 0.25 ? kPi / std::acos(1.0 - 0.25 / d) : 4.0;
  double step = 2 * kPi / std::min(std::max(steps, 4.0), 1024.0);
  size_t n = hull.size();
  std::vector<double> normal_angle(n);  // outward normal of edge i -> i+1
  for (size_t i = 0; i < n; ++i) {
    double dx = static_cast<double>(hull[(i + 1) % n].x) - hull[i].x;
    double dy = static_cast<double>(hull[(i + 1) % n].y) - hull[i].y;
    normal_angle[i] = std::atan2(-dx, dy);
  }
  std::vector<Point> out;
  for (size_t i = 0; i < n; ++i) {
    double a0 = normal_angle[(i + n - 1) % n], a1 = normal_angle[i];
    double sweep = std::fmod(a1 - a0 + 4 * kPi, 2 * kPi);
    int k = std::max(1, static_cast<int>(std::ceil(sweep / step - 1e-9)));
    for (int j = 0; j <= k; ++j) {
      double a = a0 + sweep * j / k;
      out.push_back({static_cast<float>(hull[i].x + d * std::cos(a)), static_cast<float>(hull[i].y + d * std::sin(a))});
    }
  }
  return ConvexHull(out);
}

std::vector<Quad> DbPostProcess(const float* prob, int map_h, int map_w, int dst_h, int dst_w,
                                const DbOptions& opt) {
  std::vector<Quad> boxes;
  if (map_h <= 0 || map_w <= 0) return boxes;
  size_t npix = static_cast<size_t>(map_h) * map_w;
  // Connected text regions (8-connectivity, as OpenCV's contour following) of the binarized map.
  std::vector<int32_t> label(npix, -1);
  std::vector<int32_t> stack;
  std::vector<Point> pts;
  int regions = 0;
  for (size_t start = 0; start < npix && regions < opt.max_candidates; ++start) {
    if (label[start] >= 0 || !(prob[start] > opt.thresh)) continue;
    // Each region's leftmost and rightmost pixel per row: enough for its convex hull.
    std::vector<int> row_min(map_h, map_w), row_max(map_h, -1);
    int y_lo = map_h, y_hi = -1;
    label[start] = regions;
    stack.assign(1, static_cast<int32_t>(start));
    while (!stack.empty()) {
      int32_t idx = stack.back();
      stack.pop_back();
      int y = idx / map_w, x = idx % map_w;
      row_min[y] = std::min(row_min[y], x);
      row_max[y] = std::max(row_max[y], x);
      y_lo = std::min(y_lo, y);
      y_hi = std::max(y_hi, y);
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          int ny = y + dy, nx = x + dx;
          if (ny < 0 || nx < 0 || ny >= map_h || nx >= map_w) continue;
          size_t n = static_cast<size_t>(ny) * map_w + nx;
          if (label[n] >= 0 || !(prob[n] > opt.thresh)) continue;
          label[n] = regions;
          stack.push_back(static_cast<int32_t>(n));
        }
    }
    ++regions;
    pts.clear();
    for (int y = y_lo; y <= y_hi; ++y) {
      if (row_max[y] < 0) continue;
      pts.push_back({static_cast<float>(row_min[y]), static_cast<float>(y)});
      if (row_max[y] != row_min[y]) pts.push_back({static_cast<float>(row_max[y]), static_cast<float>(y)});
    }
    Quad box;
    float short_side = 0;
    if (!MiniBox(pts, &box, &short_side) || short_side < opt.min_size) continue;
    box.score = BoxScore(prob, map_h, map_w, box);
    if (box.score < opt.box_thresh) continue;
    // Unclip: grow the box by area * ratio / perimeter, then take the expanded outline's box again.
    double perimeter = PolygonPerimeter(box.p, 4);
    if (perimeter <= 0) continue;
    float distance = static_cast<float>(PolygonArea(box.p, 4) * opt.unclip_ratio / perimeter);
    std::vector<Point> grown = OffsetConvexPolygon(std::vector<Point>(box.p, box.p + 4), distance);
    Quad big;
    if (!MiniBox(grown, &big, &short_side) || short_side < opt.min_size + 2) continue;
    big.score = box.score;
    // To image coordinates, rounded and clipped; drop boxes that end up thinner than 4 px.
    for (Point& p : big.p) {
      p.x = std::min(std::max(std::round(p.x / map_w * dst_w), 0.f), static_cast<float>(dst_w - 1));
      p.y = std::min(std::max(std::round(p.y / map_h * dst_h), 0.f), static_cast<float>(dst_h - 1));
    }
    if (static_cast<int>(Dist(big.p[0], big.p[1])) <= 3 || static_cast<int>(Dist(big.p[0], big.p[3])) <= 3) continue;
    boxes.push_back(big);
  }
  // Reading order: by top-left y then x; neighbours less than 10 px apart vertically are one row.
  std::stable_sort(boxes.begin(), boxes.end(), [](const Quad& a, const Quad& b) {
    return a.p[0].y < b.p[0].y || (a.p[0].y == b.p[0].y && a.p[0].x < b.p[0].x);
  });
  for (size_t i = 0; i + 1 < boxes.size(); ++i)
    for (size_t j = i + 1; j > 0; --j) {
      if (std::fabs(boxes[j].p[0].y - boxes[j - 1].p[0].y) < 10 && boxes[j].p[0].x < boxes[j - 1].p[0].x)
        std::swap(boxes[j], boxes[j - 1]);
      else
        break;
    }
  return boxes;
}

}  // namespace ocr
}  // namespace ember
