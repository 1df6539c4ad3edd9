// pool3d against a plain loop written here from Paddle's window rules (max, avg exclusive and not, ceil_mode,
// dilated max and avg, ONNX's last_window_in_input, global, adaptive).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "operators/kernel/central-arm-func/pool3d_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("pool3d matches a plain loop", "[op][pool3d]") {
  struct Case {
    std::string type;
    int64_t in[3], k[3], s[3], d[3];
    std::vector<int64_t> pads;
    bool ceil, exclusive;
    bool last = false;  // last_window_in_input
  };
  const std::vector<Case> cases = {
      {"max", {4, 5, 6}, {2, 2, 2}, {2, 2, 2}, {1, 1, 1}, {0, 0, 0}, false, true},
      {"max", {5, 7, 9}, {3, 2, 3}, {1, 2, 2}, {1, 1, 1}, {1, 0, 1}, true, true},
      {"max", {6, 7, 8}, {2, 3, 2}, {1, 1, 2}, {2, 2, 1}, {1, 1, 0, 1, 1, 0}, false, true},
      {"avg", {5, 6, 7}, {3, 3, 3}, {2, 2, 2}, {1, 1, 1}, {1, 1, 1}, false, true},
      {"avg", {5, 6, 7}, {3, 3, 3}, {2, 2, 2}, {1, 1, 1}, {1, 1, 1}, true, false},
      {"avg", {3, 17, 9}, {1, 3, 2}, {1, 1, 2}, {1, 1, 1}, {0, 1, 1}, false, false},
      {"avg", {6, 7, 8}, {2, 3, 2}, {1, 1, 2}, {2, 2, 1}, {1, 1, 0, 1, 1, 0}, false, true},
      {"avg", {6, 7, 8}, {2, 3, 2}, {2, 1, 2}, {2, 2, 3}, {1, 1, 0, 1, 1, 0}, true, false},
      {"max", {4, 4, 4}, {3, 3, 3}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, true, true, true},
      {"avg", {4, 5, 4}, {2, 3, 2}, {3, 3, 3}, {2, 1, 1}, {1, 0, 1}, true, true, true},
  };
  for (const Case& c : cases) {
    INFO(c.type << " in " << c.in[0] << "x" << c.in[1] << "x" << c.in[2] << " k " << c.k[0] << c.k[1] << c.k[2]
                << " s " << c.s[0] << c.s[1] << c.s[2] << " d " << c.d[0] << c.d[1] << c.d[2] << " pads "
                << DDim(c.pads).ToString() << " ceil " << c.ceil << " exclusive " << c.exclusive << " last "
                << c.last);
    const int64_t n = 2, ch = 3;
    Tensor x = RandomTensor({n, ch, c.in[0], c.in[1], c.in[2]}, 17);
    OpRunner r("pool3d");
    r.In("X", "x", x).Out("Out", "y").Attr("pooling_type", Attribute::String(c.type))
        .Attr("ksize", Attribute::Ints({c.k[0], c.k[1], c.k[2]})).Attr("strides", Attribute::Ints({c.s[0], c.s[1], c.s[2]}))
        .Attr("paddings", Attribute::Ints(c.pads)).Attr("ceil_mode", Attribute::Bool(c.ceil))
        .Attr("exclusive", Attribute::Bool(c.exclusive)).Attr("last_window_in_input", Attribute::Bool(c.last));
    if (c.d[0] * c.d[1] * c.d[2] != 1) r.Attr("dilations", Attribute::Ints({c.d[0], c.d[1], c.d[2]}));
    Status s = r.Run();
    INFO(s.ToString());
    REQUIRE(s.ok());
    int64_t p[6], out[3];
    for (int i = 0; i < 6; ++i) p[i] = c.pads.size() == 3 ? c.pads[static_cast<size_t>(i / 2)] : c.pads[static_cast<size_t>(i)];
    for (int i = 0; i < 3; ++i) {
      int64_t span = c.in[i] + p[2 * i] + p[2 * i + 1] - ((c.k[i] - 1) * c.d[i] + 1);
      out[i] = (c.ceil ? span + c.s[i] - 1 : span) / c.s[i] + 1;
      while (c.last && c.ceil && (out[i] - 1) * c.s[i] >= c.in[i] + p[2 * i]) --out[i];  // starts in the end pad
    }
    REQUIRE(r.Get("y").dims() == DDim({n, ch, out[0], out[1], out[2]}));
    std::vector<float> xv = ToVector(x), want;
    for (int64_t pl = 0; pl < n * ch; ++pl)
      for (int64_t od = 0; od < out[0]; ++od)
        for (int64_t oh = 0; oh < out[1]; ++oh)
          for (int64_t ow = 0; ow < out[2]; ++ow) {
            double acc = 0;
            int64_t cnt = 0, padded = 0;  // Paddle: taps in the input plus the leading padding on both sides
            bool any = false;
            for (int64_t a = 0; a < c.k[0]; ++a)
              for (int64_t b = 0; b < c.k[1]; ++b)
                for (int64_t e = 0; e < c.k[2]; ++e) {
                  int64_t z = od * c.s[0] - p[0] + a * c.d[0], yy = oh * c.s[1] - p[2] + b * c.d[1],
                          xx = ow * c.s[2] - p[4] + e * c.d[2];
                  if (z < c.in[0] + p[0] && yy < c.in[1] + p[2] && xx < c.in[2] + p[4]) ++padded;
                  if (z < 0 || z >= c.in[0] || yy < 0 || yy >= c.in[1] || xx < 0 || xx >= c.in[2]) continue;
                  double v = xv[static_cast<size_t>(((pl * c.in[0] + z) * c.in[1] + yy) * c.in[2] + xx)];
                  acc = c.type == "max" ? (any ? std::max(acc, v) : v) : acc + v;
                  any = true;
                  ++cnt;
                }
            if (!any) want.push_back(0.f);
            else if (c.type == "max") want.push_back(static_cast<float>(acc));
            else want.push_back(static_cast<float>(acc / static_cast<double>(c.exclusive ? cnt : padded)));
          }
    std::string why;
    CHECK(AllClose(ToVector(r.Get("y")), want, 1e-5f, 1e-5f, &why));
    INFO(why);
    // The reference loop other devices' tests use agrees.
    Pool3dGeometry g;
    g.is_max = c.type == "max";
    g.exclusive = c.exclusive;
    g.win.batch = n;
    g.win.in_c = g.win.out_c = ch;
    for (int i = 0; i < 3; ++i) {
      g.win.in[i] = c.in[i]; g.win.out[i] = out[i]; g.win.kernel[i] = c.k[i]; g.win.stride[i] = c.s[i];
      g.win.dilation[i] = c.d[i]; g.win.pad[i] = p[2 * i]; g.win.pad_end[i] = p[2 * i + 1];
    }
    CHECK(AllClose(ref::Pool3d(g, xv), want, 1e-5f, 1e-5f));
  }
}

TEST_CASE("pool3d global and adaptive pooling, and bad attributes", "[op][pool3d]") {
  Tensor x = RandomTensor({1, 2, 4, 6, 5}, 5);
  std::vector<float> xv = ToVector(x);
  OpRunner g("pool3d");
  g.In("X", "x", x).Out("Out", "y").Attr("pooling_type", Attribute::String("avg"))
      .Attr("ksize", Attribute::Ints({1, 1, 1})).Attr("global_pooling", Attribute::Bool(true));
  REQUIRE(g.Run().ok());
  REQUIRE(g.Get("y").dims() == DDim({1, 2, 1, 1, 1}));
  for (int c = 0; c < 2; ++c) {
    double sum = 0;
    for (int i = 0; i < 120; ++i) sum += xv[static_cast<size_t>(c * 120 + i)];
    CHECK(ToVector(g.Get("y"))[static_cast<size_t>(c)] == Approx(sum / 120).epsilon(1e-5));
  }
  OpRunner a("pool3d");  // adaptive: 6 → 3 windows of 2 along H, 4 → 2 along D, 5 → 1 along W
  a.In("X", "x", x).Out("Out", "y").Attr("pooling_type", Attribute::String("max"))
      .Attr("ksize", Attribute::Ints({2, 3, 1})).Attr("adaptive", Attribute::Bool(true));
  REQUIRE(a.Run().ok());
  REQUIRE(a.Get("y").dims() == DDim({1, 2, 2, 3, 1}));
  float m = xv[0];
  for (int d = 0; d < 2; ++d)
    for (int h = 0; h < 2; ++h)
      for (int w = 0; w < 5; ++w) m = std::max(m, xv[static_cast<size_t>((d * 6 + h) * 5 + w)]);
  CHECK(ToVector(a.Get("y"))[0] == m);

  OpRunner bad("pool3d");
  bad.In("X", "x", x).Out("Out", "y").Attr("pooling_type", Attribute::String("avg"))
      .Attr("ksize", Attribute::Ints({2, 2, 2})).Attr("dilations", Attribute::Ints({2, 1, 1}))
      .Attr("adaptive", Attribute::Bool(true));
  Status s = bad.Run();
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("dilations") != std::string::npos);
  OpRunner bad2("pool3d");
  bad2.In("X", "x", RandomTensor({1, 2, 4, 6}, 1)).Out("Out", "y").Attr("ksize", Attribute::Ints({2, 2, 2}));
  s = bad2.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("5-D") != std::string::npos);
  OpRunner bad3("pool3d");
  bad3.In("X", "x", x).Out("Out", "y").Attr("ksize", Attribute::Ints({2, 2}));
  s = bad3.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("ksize") != std::string::npos);
}
