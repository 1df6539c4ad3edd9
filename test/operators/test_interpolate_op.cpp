// nearest/bilinear interp (v1 and v2) against plain per-pixel loops written here from Paddle's formulas,
// plus hand-computed values and the output-size priority rules.
#include <catch2/catch.hpp>

#include <algorithm>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Paddle's source-coordinate ratio: align_corners (in-1)/(out-1); otherwise 1/scale when a v2 scale was
// given, else in/out.
float RefRatio(int in, int out, bool align_corners, float v2_scale) {
  if (out <= 1) return 0.f;
  if (align_corners) return static_cast<float>(in - 1) / static_cast<float>(out - 1);
  if (v2_scale > 0) return static_cast<float>(1.0 / v2_scale);
  return static_cast<float>(in) / static_cast<float>(out);
}

// One output pixel at a time.
std::vector<float> RefInterp(const Tensor& x, int out_h, int out_w, bool nearest, bool align_corners, int align_mode,
                             float rh, float rw) {
  const DDim& d = x.dims();
  const int in_h = static_cast<int>(d[2]), in_w = static_cast<int>(d[3]);
  std::vector<float> v = ToVector(x), res;
  const bool half = align_mode == 0 && !align_corners;
  for (int64_t pl = 0; pl < d[0] * d[1]; ++pl) {
    auto at = [&](int y, int xx) { return v[static_cast<size_t>((pl * in_h + y) * in_w + xx)]; };
    if (in_h == out_h && in_w == out_w) {
      for (int y = 0; y < in_h; ++y)
        for (int xx = 0; xx < in_w; ++xx) res.push_back(at(y, xx));
      continue;
    }
    for (int k = 0; k < out_h; ++k)
      for (int l = 0; l < out_w; ++l) {
        if (nearest) {
          int sy = align_corners ? static_cast<int>(rh * k + 0.5) : static_cast<int>(rh * k);
          int sx = align_corners ? static_cast<int>(rw * l + 0.5) : static_cast<int>(rw * l);
          res.push_back(at(sy, sx));
          continue;
        }
        double fy = half ? std::max(static_cast<float>(rh * (k + 0.5) - 0.5), 0.f) : rh * k;
        double fx = half ? std::max(static_cast<float>(rw * (l + 0.5) - 0.5), 0.f) : rw * l;
        int y0 = std::max(half ? static_cast<int>(rh * (k + 0.5) - 0.5) : static_cast<int>(rh * k), 0);
        int x0 = std::max(half ? static_cast<int>(rw * (l + 0.5) - 0.5) : static_cast<int>(rw * l), 0);
        int y1 = std::min(y0 + 1, in_h - 1), x1 = std::min(x0 + 1, in_w - 1);
        double dy = fy - y0, dx = fx - x0;
        double top = at(y0, x0) * (1 - dx) + at(y0, x1) * dx;
        double bot = at(y1, x0) * (1 - dx) + at(y1, x1) * dx;
        res.push_back(static_cast<float>(top * (1 - dy) + bot * dy));
      }
  }
  return res;
}

}  // namespace

TEST_CASE("interp matches plain loops for every mode and size", "[op][interpolate]") {
  struct Size {
    int ih, iw, oh, ow;
  };
  const std::vector<Size> sizes = {{4, 4, 8, 8}, {5, 7, 8, 11}, {9, 9, 4, 6}, {3, 16, 7, 33}, {1, 1, 3, 3},
                                   {6, 8, 1, 1}, {2, 17, 2, 31}};
  for (const std::string type : {"nearest_interp", "bilinear_interp", "nearest_interp_v2", "bilinear_interp_v2"}) {
    const bool nearest = type.rfind("nearest", 0) == 0;
    for (const Size& s : sizes)
      for (bool ac : {false, true})
        for (int am : {0, 1}) {
          Tensor x = RandomTensor({2, 3, s.ih, s.iw}, static_cast<uint32_t>(s.ih * 100 + s.iw));
          OpRunner r(type);
          r.In("X", "x", x).Out("Out", "y").Attr("out_h", Attribute::Int(s.oh)).Attr("out_w", Attribute::Int(s.ow))
              .Attr("align_corners", Attribute::Bool(ac)).Attr("align_mode", Attribute::Int(am))
              .Attr("interp_method", Attribute::String(nearest ? "nearest" : "bilinear"))
              .Attr("data_layout", Attribute::String("NCHW"));
          REQUIRE(r.Run().ok());
          REQUIRE(r.Get("y").dims() == DDim({2, 3, s.oh, s.ow}));
          std::vector<float> want = RefInterp(x, s.oh, s.ow, nearest, ac, am, RefRatio(s.ih, s.oh, ac, -1),
                                              RefRatio(s.iw, s.ow, ac, -1));
          std::string why;
          INFO(type << " " << s.ih << "x" << s.iw << "->" << s.oh << "x" << s.ow << " ac " << ac << " am " << am);
          CHECK(AllClose(ToVector(r.Get("y")), want, 1e-5f, 1e-5f, &why));
          INFO(why);
        }
  }
}

TEST_CASE("interp hand-computed values", "[op][interpolate]") {
  Tensor x = MakeTensor({1, 1, 2, 2}, {0, 1, 2, 3});
  auto run = [&](const std::string& type, bool ac, int am) {
    OpRunner r(type);
    r.In("X", "x", x).Out("Out", "y").Attr("out_h", Attribute::Int(4)).Attr("out_w", Attribute::Int(4))
        .Attr("align_corners", Attribute::Bool(ac)).Attr("align_mode", Attribute::Int(am));
    REQUIRE(r.Run().ok());
    return ToVector(r.Get("y"));
  };
  // Half-pixel: source x = (l + 0.5) / 2 - 0.5 clamped at 0 -> 0, 0.25, 0.75, 1.25 (reads the last pixel).
  std::vector<float> hp = run("bilinear_interp_v2", false, 0);
  CHECK(AllClose({hp[0], hp[1], hp[2], hp[3]}, {0, 0.25f, 0.75f, 1}, 1e-6f, 0));
  CHECK(AllClose({hp[0], hp[4], hp[8], hp[12]}, {0, 0.5f, 1.5f, 2}, 1e-6f, 0));
  // align_corners: source x = l / 3.
  std::vector<float> ac = run("bilinear_interp", true, 1);
  CHECK(AllClose({ac[0], ac[1], ac[2], ac[3], ac[15]}, {0, 1.f / 3, 2.f / 3, 1, 3}, 1e-6f, 0));
  // align_mode 1 without align_corners: source x = l / 2.
  std::vector<float> am1 = run("bilinear_interp", false, 1);
  CHECK(AllClose({am1[0], am1[1], am1[2], am1[3]}, {0, 0.5f, 1, 1}, 1e-6f, 0));
  // Nearest x2: each pixel repeated; align_corners rounds l / 3 -> 0, 0, 1, 1.
  std::vector<float> nn = run("nearest_interp_v2", false, 1);
  CHECK(std::vector<float>(nn.begin(), nn.begin() + 4) == std::vector<float>{0, 0, 1, 1});
  std::vector<float> nac = run("nearest_interp", true, 1);
  CHECK(std::vector<float>(nac.begin(), nac.begin() + 4) == std::vector<float>{0, 0, 1, 1});
}

TEST_CASE("interp scale: v1 ratio is in/out, v2 ratio is 1/scale", "[op][interpolate]") {
  Tensor x = RandomTensor({1, 2, 5, 7}, 21);
  for (bool nearest : {true, false}) {
    OpRunner v1(nearest ? "nearest_interp" : "bilinear_interp");
    v1.In("X", "x", x).Out("Out", "y").Attr("scale", Attribute::Float(1.5)).Attr("align_corners", Attribute::Bool(false))
        .Attr("align_mode", Attribute::Int(0)).Attr("out_h", Attribute::Int(2)).Attr("out_w", Attribute::Int(2));
    REQUIRE(v1.Run().ok());
    REQUIRE(v1.Get("y").dims() == DDim({1, 2, 7, 10}));
    CHECK(AllClose(ToVector(v1.Get("y")), RefInterp(x, 7, 10, nearest, false, 0, 5.f / 7, 7.f / 10), 1e-5f, 1e-5f));

    OpRunner v2(nearest ? "nearest_interp_v2" : "bilinear_interp_v2");
    v2.In("X", "x", x).Out("Out", "y").Attr("scale", Attribute::Floats({1.5, 1.5}))
        .Attr("align_corners", Attribute::Bool(false)).Attr("align_mode", Attribute::Int(0));
    REQUIRE(v2.Run().ok());
    REQUIRE(v2.Get("y").dims() == DDim({1, 2, 7, 10}));
    const float r = RefRatio(5, 7, false, 1.5f);
    CHECK(AllClose(ToVector(v2.Get("y")), RefInterp(x, 7, 10, nearest, false, 0, r, r), 1e-5f, 1e-5f));
  }
}

TEST_CASE("interp output size priority: SizeTensor > OutSize > Scale > scale > out_h/out_w", "[op][interpolate]") {
  Tensor x = RandomTensor({1, 1, 4, 6}, 5);
  auto base = [&](OpRunner& r) {
    r.In("X", "x", x).Out("Out", "y").Attr("out_h", Attribute::Int(3)).Attr("out_w", Attribute::Int(3))
        .Attr("scale", Attribute::Floats({2.0, 2.0})).Attr("align_corners", Attribute::Bool(false));
  };
  OpRunner attrs("nearest_interp_v2");
  base(attrs);
  REQUIRE(attrs.Run().ok());
  CHECK(attrs.Get("y").dims() == DDim({1, 1, 8, 12}));

  OpRunner sc("nearest_interp_v2");
  base(sc);
  sc.In("Scale", "s", MakeTensor({2}, {0.5f, 1.5f}));
  REQUIRE(sc.Run().ok());
  CHECK(sc.Get("y").dims() == DDim({1, 1, 2, 9}));
  CHECK(ToVector(sc.Get("y")) == RefInterp(x, 2, 9, true, false, 1, RefRatio(4, 2, false, 0.5f),
                                           RefRatio(6, 9, false, 1.5f)));

  OpRunner os("bilinear_interp_v2");
  base(os);
  os.In("Scale", "s", MakeTensor({1}, {3.f})).In("OutSize", "o", MakeTypedTensor<int32_t>({2}, {5, 7}));
  REQUIRE(os.Run().ok());
  CHECK(os.Get("y").dims() == DDim({1, 1, 5, 7}));
  // With OutSize and a scale, Paddle's v2 still takes the ratio from the scale.
  const float r3 = RefRatio(4, 5, false, 3.f);
  CHECK(AllClose(ToVector(os.Get("y")), RefInterp(x, 5, 7, false, false, 1, r3, r3), 1e-5f, 1e-5f));

  OpRunner st("bilinear_interp");
  st.In("X", "x", x).Out("Out", "y").Attr("out_h", Attribute::Int(3)).Attr("out_w", Attribute::Int(3))
      .Attr("scale", Attribute::Float(2.0)).In("OutSize", "o", MakeTypedTensor<int32_t>({2}, {5, 7}))
      .Ins("SizeTensor", {{"h", MakeTypedTensor<int32_t>({1}, {6})}, {"w", MakeTypedTensor<int32_t>({1}, {2})}});
  REQUIRE(st.Run().ok());
  CHECK(st.Get("y").dims() == DDim({1, 1, 6, 2}));
  CHECK(AllClose(ToVector(st.Get("y")), RefInterp(x, 6, 2, false, true, 1, 3.f / 5, 5.f), 1e-5f, 1e-5f));
}

TEST_CASE("nearest interp moves int32", "[op][interpolate]") {
  std::vector<int32_t> vals(2 * 3 * 5);
  for (size_t i = 0; i < vals.size(); ++i) vals[i] = static_cast<int32_t>(i * 3 - 40);
  Tensor x = MakeTypedTensor<int32_t>({1, 2, 3, 5}, vals);
  OpRunner r("nearest_interp_v2");
  r.In("X", "x", x).Out("Out", "y").Attr("out_h", Attribute::Int(7)).Attr("out_w", Attribute::Int(4))
      .Attr("align_corners", Attribute::Bool(false));
  REQUIRE(r.Run().ok());
  REQUIRE(r.Get("y").dtype() == DataType::kInt32);
  CHECK(ToVector(r.Get("y")) == RefInterp(x, 7, 4, true, false, 1, 3.f / 7, 5.f / 4));
}

TEST_CASE("interp rejects unsupported attributes and inputs", "[op][interpolate]") {
  Tensor x = RandomTensor({1, 1, 4, 4}, 1);
  struct Bad {
    std::string type, attr;
    Attribute value;
  };
  for (const Bad& b : std::vector<Bad>{{"bilinear_interp", "data_layout", Attribute::String("NHWC")},
                                       {"bilinear_interp_v2", "align_mode", Attribute::Int(2)},
                                       {"nearest_interp", "interp_method", Attribute::String("bicubic")},
                                       {"nearest_interp_v2", "out_h", Attribute::Int(0)},
                                       {"bilinear_interp_v2", "scale", Attribute::Floats({-1, 2})}}) {
    OpRunner r(b.type);
    r.In("X", "x", x).Out("Out", "y").Attr("out_h", Attribute::Int(8)).Attr("out_w", Attribute::Int(8)).Attr(b.attr, b.value);
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find(b.attr) != std::string::npos);
  }
  OpRunner i("bilinear_interp");
  i.In("X", "x", MakeTypedTensor<int32_t>({1, 1, 1, 2}, {1, 2})).Out("Out", "y").Attr("out_h", Attribute::Int(2))
      .Attr("out_w", Attribute::Int(2));
  Status s = i.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("float32") != std::string::npos);
  OpRunner r3("nearest_interp");
  r3.In("X", "x", RandomTensor({1, 2, 3}, 1)).Out("Out", "y").Attr("out_h", Attribute::Int(2))
      .Attr("out_w", Attribute::Int(2));
  s = r3.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("4-D") != std::string::npos);
}
