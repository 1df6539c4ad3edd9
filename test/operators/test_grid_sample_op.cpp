// grid_sampler and affine_grid against hand-checked points and a separable reference written here in double
// (1-D interpolation dim by dim, reflection by folding), over every mode, padding mode and align_corners, in
// 1-D, 2-D and 3-D. ONNX's outputs check both again in the conformance test.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct Sampling {
  std::string mode = "bilinear", padding = "zeros";
  bool align = false;
};

Status RunGridSampler(const Tensor& x, const Tensor& grid, const Sampling& s, std::vector<float>* out,
                      DDim* dims = nullptr) {
  OpRunner r("grid_sampler");
  r.In("X", "x", x).In("Grid", "g", grid).Out("Output", "y").Attr("mode", Attribute::String(s.mode))
      .Attr("padding_mode", Attribute::String(s.padding)).Attr("align_corners", Attribute::Bool(s.align));
  Status st = r.Run();
  if (st.ok()) *out = ToVector(r.Get("y"));
  if (st.ok() && dims) *dims = r.Get("y").dims();
  return st;
}

// x folded back into [lo, hi] at its edges, one fold at a time.
double Fold(double x, double lo, double hi) {
  if (hi <= lo) return lo;
  while (x < lo || x > hi) x = x < lo ? 2 * lo - x : 2 * hi - x;
  return x;
}

// Cubic convolution kernel (a = -0.75) at distance s.
double Keys(double s) {
  const double a = -0.75;
  s = std::fabs(s);
  if (s <= 1) return ((a + 2) * s - (a + 3)) * s * s + 1;
  if (s < 2) return ((s - 5) * s + 8) * s * a - 4 * a;
  return 0;
}

// The reference: one spatial dim at a time, outermost first. `at` maps the dims left to read pixels.
struct Reference {
  Sampling s;
  std::vector<int64_t> size;                            // spatial dims
  const std::vector<float>* x = nullptr;                // one channel
  double Pixel(const std::vector<int64_t>& idx) const;  // with padding
  double Sample(std::vector<int64_t>* idx, const std::vector<double>& pos, size_t d) const;
};

double Reference::Pixel(const std::vector<int64_t>& idx) const {
  int64_t off = 0;
  for (size_t d = 0; d < size.size(); ++d) {
    int64_t i = idx[d];
    const double lo = s.align ? 0 : -0.5, hi = s.align ? size[d] - 1 : size[d] - 0.5;
    if (i < 0 || i >= size[d]) {
      if (s.padding == "zeros") return 0;
      i = s.padding == "border" ? (i < 0 ? 0 : size[d] - 1) : static_cast<int64_t>(std::lround(Fold(i, lo, hi)));
    }
    off = off * size[d] + i;
  }
  return (*x)[static_cast<size_t>(off)];
}

double Reference::Sample(std::vector<int64_t>* idx, const std::vector<double>& pos, size_t d) const {
  if (d == size.size()) return Pixel(*idx);
  const double n = static_cast<double>(size[d]);
  double v = s.align ? (pos[d] + 1) / 2 * (n - 1) : ((pos[d] + 1) * n - 1) / 2;
  if (s.mode == "nearest") v = std::nearbyint(v);
  const double lo = s.align ? 0 : -0.5, hi = s.align ? n - 1 : n - 0.5;
  if (s.padding == "border" && (v < lo || v > hi)) v = std::min(std::max(v, 0.0), n - 1);
  if (s.padding == "reflection") v = Fold(v, lo, hi);
  const int64_t first = s.mode == "nearest" ? static_cast<int64_t>(v) : static_cast<int64_t>(std::floor(v)) -
                                                                              (s.mode == "bicubic" ? 1 : 0);
  const int taps = s.mode == "nearest" ? 1 : s.mode == "bilinear" ? 2 : 4;
  double sum = 0;
  for (int k = 0; k < taps; ++k) {
    (*idx)[d] = first + k;
    const double dist = v - static_cast<double>(first + k);
    const double w = s.mode == "nearest" ? 1 : s.mode == "bilinear" ? 1 - std::fabs(dist) : Keys(dist);
    if (w != 0) sum += w * Sample(idx, pos, d + 1);
  }
  return sum;
}

// The reference over x [n, c, size...] and grid [n, points..., r].
std::vector<float> ReferenceGridSample(const Tensor& x, const Tensor& grid, const Sampling& s) {
  const DDim& xd = x.dims();
  const int r = xd.size() - 2;
  Reference ref;
  ref.s = s;
  ref.size.assign(xd.vec().begin() + 2, xd.vec().end());
  const int64_t plane = xd.Product(2, xd.size()), points = grid.dims().Product(1, r + 1);
  const std::vector<float> xv = ToVector(x), gv = ToVector(grid);
  std::vector<float> out(static_cast<size_t>(xd[0] * xd[1] * points));
  for (int64_t n = 0; n < xd[0]; ++n)
    for (int64_t c = 0; c < xd[1]; ++c) {
      std::vector<float> channel(xv.begin() + (n * xd[1] + c) * plane, xv.begin() + (n * xd[1] + c + 1) * plane);
      ref.x = &channel;
      for (int64_t o = 0; o < points; ++o) {
        std::vector<double> pos(static_cast<size_t>(r));
        for (int d = 0; d < r; ++d)
          pos[static_cast<size_t>(d)] = gv[static_cast<size_t>((n * points + o) * r + r - 1 - d)];
        std::vector<int64_t> idx(static_cast<size_t>(r));
        out[static_cast<size_t>((n * xd[1] + c) * points + o)] = static_cast<float>(ref.Sample(&idx, pos, 0));
      }
    }
  return out;
}

}  // namespace

TEST_CASE("grid_sampler: hand-checked points", "[op][grid_sampler]") {
  const Tensor x = MakeTensor({1, 1, 2, 3}, {0, 1, 2, 3, 4, 5});  // H 2, W 3
  struct Case {
    Sampling s;
    float gx, gy, want;
  };
  const std::vector<Case> cases = {
      {{"bilinear", "zeros", true}, 0, 0, 2.5f},        // the middle: x 1, y 0.5
      {{"bilinear", "zeros", true}, -1, -1, 0},         // the corners are pixel centers
      {{"bilinear", "zeros", true}, 1, 1, 5},
      {{"bilinear", "zeros", false}, 1, 1, 1.25f},      // x 2.5, y 1.5: a quarter of pixel (1, 2), the rest 0
      {{"bilinear", "border", false}, 1, 1, 5},         // clamped to pixel (1, 2)
      {{"bilinear", "reflection", false}, 1, 1, 5},     // the outer half pixel reflects onto (1, 2)
      {{"bilinear", "zeros", false}, -1, 1, 0.75f},     // x -0.5, y 1.5: a quarter of pixel (1, 0) = 3
      {{"nearest", "zeros", false}, 0.1f, -0.1f, 1},    // x 1.15, y 0.4 -> pixel (0, 1)
      {{"nearest", "zeros", true}, 0.5f, 1, 5},         // x 1.5 rounds to even 2, y 1
      {{"nearest", "zeros", true}, -0.5f, 1, 3},        // x 0.5 rounds to even 0
      {{"bicubic", "zeros", true}, 0, -1, 1},           // a pixel center: weights 0, 1, 0, 0
      {{"bicubic", "border", true}, 1, 1, 5},
      {{"bilinear", "zeros", false}, 3, 0, 0},          // far outside
      {{"bilinear", "border", true}, -7, 3, 3},         // clamped to pixel (1, 0)
  };
  for (const Case& c : cases) {
    INFO(c.s.mode << " " << c.s.padding << " align " << c.s.align << " at " << c.gx << ", " << c.gy);
    std::vector<float> got;
    REQUIRE(RunGridSampler(x, MakeTensor({1, 1, 1, 2}, {c.gx, c.gy}), c.s, &got).ok());
    REQUIRE(got.size() == 1);
    CHECK(got[0] == Approx(c.want).margin(1e-6));
  }
}

TEST_CASE("grid_sampler: random sweep against the reference, 1-D to 3-D", "[op][grid_sampler]") {
  const std::vector<std::vector<int64_t>> shapes = {{2, 3, 5}, {2, 3, 4, 5}, {1, 2, 3, 4, 5}};
  uint32_t seed = 10;
  for (const auto& xs : shapes)
    for (const char* mode : {"bilinear", "nearest", "bicubic"})
      for (const char* padding : {"zeros", "border", "reflection"})
        for (bool align : {false, true}) {
          const int r = static_cast<int>(xs.size()) - 2;
          std::vector<int64_t> gs = {xs[0]};
          for (int d = 0; d < r; ++d) gs.push_back(3 + d);
          gs.push_back(r);
          const Tensor x = RandomTensor(DDim(xs), ++seed);
          const Tensor grid = RandomTensor(DDim(gs), ++seed, -1.4f, 1.4f);  // some positions outside
          const Sampling s{mode, padding, align};
          INFO(DDim(xs).ToString() << " " << mode << " " << padding << " align " << align);
          std::vector<float> got;
          DDim dims;
          REQUIRE(RunGridSampler(x, grid, s, &got, &dims).ok());
          std::vector<int64_t> want_dims = {xs[0], xs[1]};
          want_dims.insert(want_dims.end(), gs.begin() + 1, gs.end() - 1);
          CHECK(dims == DDim(want_dims));
          std::string why;
          CHECK(AllClose(got, ReferenceGridSample(x, grid, s), 1e-5f, 1e-4f, &why));
          INFO(why);
        }
}

TEST_CASE("grid_sampler: bad inputs", "[op][grid_sampler]") {
  std::vector<float> got;
  const Tensor x = RandomTensor({1, 2, 3, 4}, 1);
  Status s = RunGridSampler(x, RandomTensor({1, 2, 2, 3}, 2), {}, &got);  // 3 coordinates for 2-D
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("input Grid must be") != std::string::npos);
  s = RunGridSampler(x, RandomTensor({2, 2, 2, 2}, 2), {}, &got);  // another batch size
  CHECK_FALSE(s.ok());
  s = RunGridSampler(x, RandomTensor({1, 2, 2, 2}, 2), {"area", "zeros", false}, &got);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("attribute mode") != std::string::npos);
  s = RunGridSampler(x, RandomTensor({1, 2, 2, 2}, 2), {"bilinear", "wrap", false}, &got);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("padding_mode") != std::string::npos);
}

namespace {

Status RunAffineGrid(const Tensor& theta, const std::vector<int64_t>& size, bool align, Tensor* out) {
  OpRunner r("affine_grid");
  r.In("Theta", "t", theta).In("OutputShape", "s", MakeTypedTensor<int64_t>({static_cast<int64_t>(size.size())}, size))
      .Out("Output", "g").Attr("align_corners", Attribute::Bool(align));
  Status st = r.Run();
  if (st.ok()) *out = r.Get("g");
  return st;
}

// Normalized position of pixel i of n, written from the definition.
double Position(int64_t i, int64_t n, bool align) {
  if (align) return n == 1 ? -1.0 : -1.0 + 2.0 * i / (n - 1);
  return (2.0 * i + 1) / n - 1;
}

}  // namespace

TEST_CASE("affine_grid: 2-D and 3-D against the definition", "[op][affine_grid]") {
  for (bool align : {false, true}) {
    INFO("align " << align);
    Tensor g;  // identity, H 2, W 3
    REQUIRE(RunAffineGrid(MakeTensor({1, 2, 3}, {1, 0, 0, 0, 1, 0}), {1, 1, 2, 3}, align, &g).ok());
    CHECK(g.dims() == DDim({1, 2, 3, 2}));
    const std::vector<float> want = align ? std::vector<float>{-1, -1, 0, -1, 1, -1, -1, 1, 0, 1, 1, 1}
                                          : std::vector<float>{-2.f / 3, -.5f, 0, -.5f, 2.f / 3, -.5f,
                                                               -2.f / 3, .5f, 0, .5f, 2.f / 3, .5f};
    CHECK(AllClose(ToVector(g), want, 1e-6f, 0));
    const Tensor theta = RandomTensor({2, 3, 4}, 5);  // random 3-D: N 2, D 2, H 3, W 4
    REQUIRE(RunAffineGrid(theta, {2, 7, 2, 3, 4}, align, &g).ok());
    REQUIRE(g.dims() == DDim({2, 2, 3, 4, 3}));
    const std::vector<float> tv = ToVector(theta), gv = ToVector(g);
    std::vector<float> ref;
    for (int64_t n = 0; n < 2; ++n)
      for (int64_t d = 0; d < 2; ++d)
        for (int64_t h = 0; h < 3; ++h)
          for (int64_t w = 0; w < 4; ++w) {
            const double base[4] = {Position(w, 4, align), Position(h, 3, align), Position(d, 2, align), 1};
            for (int j = 0; j < 3; ++j) {
              double sum = 0;
              for (int k = 0; k < 4; ++k) sum += tv[static_cast<size_t>(n * 12 + j * 4 + k)] * base[k];
              ref.push_back(static_cast<float>(sum));
            }
          }
    CHECK(AllClose(gv, ref, 1e-6f, 1e-5f));
  }
}

TEST_CASE("affine_grid + grid_sampler: the identity reproduces X", "[op][affine_grid][grid_sampler]") {
  const Tensor x = RandomTensor({2, 3, 4, 5}, 8);
  for (bool align : {false, true}) {
    Tensor g;
    REQUIRE(RunAffineGrid(MakeTensor({2, 2, 3}, {1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0}), {2, 3, 4, 5}, align, &g).ok());
    for (const char* mode : {"bilinear", "nearest", "bicubic"}) {
      INFO(mode << " align " << align);
      std::vector<float> got;
      REQUIRE(RunGridSampler(x, g, {mode, "zeros", align}, &got).ok());
      CHECK(AllClose(got, ToVector(x), 1e-5f, 1e-5f));
    }
  }
}

TEST_CASE("affine_grid: bad inputs", "[op][affine_grid]") {
  Tensor g;
  Status s = RunAffineGrid(RandomTensor({1, 2, 3}, 1), {2, 1, 4, 4}, false, &g);  // theta for 1 image, size for 2
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("input Theta must be") != std::string::npos);
  s = RunAffineGrid(RandomTensor({1, 2, 3}, 1), {1, 1, 4}, false, &g);  // a size of 3 dims
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("output size") != std::string::npos);
  s = RunAffineGrid(RandomTensor({1, 3, 4}, 1), {1, 1, 4, 4}, false, &g);  // 3-D theta for a 2-D size
  CHECK_FALSE(s.ok());
}
