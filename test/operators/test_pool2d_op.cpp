// pool2d: every combination of pooling_type, ceil_mode, exclusive, adaptive, global_pooling and
// padding_algorithm against a plain loop written here from Paddle's rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct PoolCase {
  int64_t n = 1, c = 2, h = 7, w = 8;
  std::string type = "max";
  std::vector<int64_t> ksize = {3, 3}, strides = {2, 2}, pads = {1, 1};
  bool global = false, ceil = false, exclusive = true, adaptive = false;
  std::string algo = "EXPLICIT";
};

std::string Describe(const PoolCase& k) {
  return StrCat(k.type, " n", k.n, " c", k.c, " h", k.h, " w", k.w, " ksize ", DDim(k.ksize).ToString(),
                " strides ", DDim(k.strides).ToString(), " pads ", DDim(k.pads).ToString(), " global ", k.global,
                " ceil ", k.ceil, " exclusive ", k.exclusive, " adaptive ", k.adaptive, " ", k.algo);
}

// Returns the expected output and its dims.
std::vector<float> PlainPool(const PoolCase& k, const std::vector<float>& x, DDim* dims) {
  int64_t in[2] = {k.h, k.w}, ks[2] = {k.ksize[0], k.ksize[1]}, st[2] = {k.strides[0], k.strides[1]};
  int64_t pad[4];  // top, bottom, left, right
  if (k.pads.size() == 2) {
    pad[0] = pad[1] = k.pads[0];
    pad[2] = pad[3] = k.pads[1];
  } else {
    std::copy(k.pads.begin(), k.pads.end(), pad);
  }
  if (k.algo == "VALID") std::fill(pad, pad + 4, 0);
  if (k.algo == "SAME")
    for (int i = 0; i < 2; ++i) {
      int64_t out = (in[i] + st[i] - 1) / st[i];
      int64_t total = std::max<int64_t>(0, (out - 1) * st[i] + ks[i] - in[i]);
      pad[2 * i] = total / 2;
      pad[2 * i + 1] = total - total / 2;
    }
  if (k.global || k.adaptive) std::fill(pad, pad + 4, 0);
  if (k.global) {
    ks[0] = k.h;
    ks[1] = k.w;
  }
  int64_t out[2];
  for (int i = 0; i < 2; ++i) {
    if (k.adaptive) {
      out[i] = ks[i];
    } else {
      int64_t num = in[i] - ks[i] + pad[2 * i] + pad[2 * i + 1] + (k.ceil ? st[i] - 1 : 0);
      out[i] = num / st[i] + 1;
    }
  }
  *dims = DDim({k.n, k.c, out[0], out[1]});
  std::vector<float> y;
  for (int64_t p = 0; p < k.n * k.c; ++p)
    for (int64_t oh = 0; oh < out[0]; ++oh)
      for (int64_t ow = 0; ow < out[1]; ++ow) {
        // Window candidates [lo, lo + len) per axis, and for non-exclusive avg the count of candidates
        // before the end of the leading-padded input (Paddle clips at in + pad_top / pad_left).
        int64_t lo[2], len[2], padded[2];
        int64_t o[2] = {oh, ow};
        for (int i = 0; i < 2; ++i) {
          if (k.adaptive) {
            lo[i] = static_cast<int64_t>(std::floor(static_cast<double>(o[i] * in[i]) / out[i]));
            len[i] = static_cast<int64_t>(std::ceil(static_cast<double>((o[i] + 1) * in[i]) / out[i])) - lo[i];
          } else {
            lo[i] = o[i] * st[i] - pad[2 * i];
            len[i] = ks[i];
          }
          padded[i] = 0;
          for (int64_t q = lo[i]; q < lo[i] + len[i]; ++q) padded[i] += q < in[i] + pad[2 * i];
        }
        double sum = 0;
        float best = -FLT_MAX;
        int64_t count = 0;
        for (int64_t ih = lo[0]; ih < lo[0] + len[0]; ++ih)
          for (int64_t iw = lo[1]; iw < lo[1] + len[1]; ++iw) {
            if (ih < 0 || ih >= k.h || iw < 0 || iw >= k.w) continue;
            float v = x[static_cast<size_t>((p * k.h + ih) * k.w + iw)];
            sum += v;
            best = std::max(best, v);
            ++count;
          }
        // A window wholly in the padding (ceil_mode with a large trailing pad) gives 0 in Ember; Paddle
        // leaves -FLT_MAX or 0/0 there.
        if (count == 0) {
          y.push_back(0.f);
        } else if (k.type == "max") {
          y.push_back(best);
        } else {
          int64_t div = (k.exclusive || k.adaptive) ? count : padded[0] * padded[1];
          y.push_back(static_cast<float>(sum / div));
        }
      }
  return y;
}

OpRunner& Configure(OpRunner& r, const PoolCase& k, const Tensor& x) {
  r.In("X", "x", x).Out("Out", "y")
      .Attr("pooling_type", Attribute::String(k.type))
      .Attr("ksize", Attribute::Ints(k.ksize))
      .Attr("strides", Attribute::Ints(k.strides))
      .Attr("paddings", Attribute::Ints(k.pads))
      .Attr("global_pooling", Attribute::Bool(k.global))
      .Attr("ceil_mode", Attribute::Bool(k.ceil))
      .Attr("exclusive", Attribute::Bool(k.exclusive))
      .Attr("adaptive", Attribute::Bool(k.adaptive))
      .Attr("padding_algorithm", Attribute::String(k.algo));
  return r;
}

void CheckPool(const PoolCase& k, uint32_t seed) {
  INFO(Describe(k));
  Tensor x = RandomTensor({k.n, k.c, k.h, k.w}, seed);
  OpRunner r("pool2d");
  Status s = Configure(r, k, x).Run();
  INFO(s.ToString());
  REQUIRE(s.ok());
  DDim dims;
  std::vector<float> want = PlainPool(k, ToVector(x), &dims);
  CHECK(r.Get("y").dims() == dims);
  std::string why;
  CHECK(AllClose(ToVector(r.Get("y")), want, 1e-5f, 1e-5f, &why));
  INFO(why);
}

}  // namespace

TEST_CASE("pool2d every attribute combination", "[op][pool2d]") {
  struct Shape {
    int64_t h, w;
    std::vector<int64_t> ksize, strides, pads;
  };
  const std::vector<Shape> shapes = {
      {7, 8, {3, 3}, {2, 2}, {1, 1}},
      {9, 5, {2, 3}, {1, 2}, {0, 1, 2, 0}},
      {4, 4, {3, 3}, {3, 3}, {1, 1}},
      {8, 9, {2, 2}, {2, 2}, {0, 0}},
      {5, 17, {3, 4}, {2, 3}, {1, 2, 1, 0}},
  };
  uint32_t seed = 1;
  for (const char* type : {"max", "avg"})
    for (bool ceil : {false, true})
      for (bool exclusive : {true, false})
        for (bool adaptive : {false, true})
          for (bool global : {false, true})
            for (const char* algo : {"EXPLICIT", "SAME", "VALID"})
              for (const Shape& sh : shapes) {
                PoolCase k;
                k.type = type; k.ceil = ceil; k.exclusive = exclusive; k.adaptive = adaptive; k.global = global;
                k.algo = algo; k.h = sh.h; k.w = sh.w; k.ksize = sh.ksize; k.strides = sh.strides; k.pads = sh.pads;
                CheckPool(k, seed++);
              }
}

TEST_CASE("pool2d sweeps channels and widths", "[op][pool2d]") {
  uint32_t seed = 1000;
  for (int64_t c : {1, 3, 8, 17})
    for (int64_t w : {1, 3, 7, 8, 9, 15, 16, 17}) {
      PoolCase k;
      k.n = 2; k.c = c; k.h = 6; k.w = w; k.ksize = {2, 2}; k.strides = {2, 2}; k.pads = {0, 0}; k.ceil = true;
      CheckPool(k, seed++);
      k.type = "avg"; k.ksize = {3, 3}; k.strides = {1, 1}; k.pads = {1, 1}; k.exclusive = false; k.ceil = false;
      CheckPool(k, seed++);
    }
}

TEST_CASE("pool2d global and adaptive output shapes", "[op][pool2d]") {
  Tensor x = RandomTensor({2, 3, 7, 5}, 3);
  PoolCase k;
  k.global = true; k.type = "avg";
  OpRunner r("pool2d");
  REQUIRE(Configure(r, k, x).Run().ok());
  CHECK(r.Get("y").dims() == DDim({2, 3, 1, 1}));
  std::vector<float> xv = ToVector(x);
  double mean0 = 0;
  for (int i = 0; i < 35; ++i) mean0 += xv[static_cast<size_t>(i)];
  CHECK(ToVector(r.Get("y"))[0] == Approx(mean0 / 35).epsilon(1e-5));
  PoolCase a;
  a.adaptive = true; a.ksize = {3, 2};
  OpRunner ra("pool2d");
  REQUIRE(Configure(ra, a, x).Run().ok());
  CHECK(ra.Get("y").dims() == DDim({2, 3, 3, 2}));
}

TEST_CASE("pool2d rejects bad attributes", "[op][pool2d]") {
  Tensor x = RandomTensor({1, 2, 5, 5}, 4);
  auto run = [&](std::function<void(PoolCase*)> edit, const char* extra_attr = nullptr) {
    PoolCase k;
    edit(&k);
    OpRunner r("pool2d");
    Configure(r, k, x);
    if (extra_attr) r.Attr(extra_attr, Attribute::String("NHWC"));
    return r.Run();
  };
  Status s = run([](PoolCase* k) { k->type = "l2"; });
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("pooling_type") != std::string::npos);
  s = run([](PoolCase* k) { k->ksize = {3}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("ksize") != std::string::npos);
  s = run([](PoolCase* k) { k->strides = {0, 1}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("strides") != std::string::npos);
  s = run([](PoolCase* k) { k->pads = {1, 1, 1}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("paddings") != std::string::npos);
  s = run([](PoolCase* k) { k->algo = "FULL"; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("padding_algorithm") != std::string::npos);
  s = run([](PoolCase* k) { k->ksize = {9, 9}; k->pads = {0, 0}; k->strides = {1, 1}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("output size") != std::string::npos);
  s = run([](PoolCase*) {}, "data_format");
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("data_format") != std::string::npos);
}

TEST_CASE("pool2d max with dilations and the Mask output against a plain loop", "[op][pool2d]") {
  struct Case {
    int64_t h, w;
    std::vector<int64_t> ksize, strides, dil, pads;  // pads {top, bottom, left, right}
    bool ceil;
  };
  for (const Case& c : std::vector<Case>{{7, 8, {3, 3}, {1, 1}, {2, 2}, {0, 0, 0, 0}, false},
                                         {9, 7, {2, 3}, {2, 1}, {2, 3}, {1, 1, 2, 0}, false},
                                         {8, 8, {3, 2}, {2, 2}, {1, 1}, {1, 1, 1, 1}, true},
                                         {5, 17, {2, 2}, {1, 3}, {3, 2}, {2, 2, 0, 1}, true},
                                         {4, 4, {1, 1}, {1, 1}, {1, 1}, {0, 0, 0, 0}, false}}) {
    const int64_t n = 2, ch = 3;
    Tensor x = RandomTensor({n, ch, c.h, c.w}, static_cast<uint32_t>(c.h * 31 + c.w));
    std::vector<float> xv = ToVector(x);
    OpRunner r("pool2d");
    r.In("X", "x", x).Out("Out", "y").Out("Mask", "m").Attr("pooling_type", Attribute::String("max"))
        .Attr("ksize", Attribute::Ints(c.ksize)).Attr("strides", Attribute::Ints(c.strides))
        .Attr("paddings", Attribute::Ints(c.pads)).Attr("dilations", Attribute::Ints(c.dil))
        .Attr("ceil_mode", Attribute::Bool(c.ceil));
    Status s = r.Run();
    INFO(s.ToString() << " h" << c.h << " w" << c.w << " ksize " << DDim(c.ksize).ToString() << " dil "
                      << DDim(c.dil).ToString());
    REQUIRE(s.ok());
    // Plain loop: output size from the dilated extent; every tap checked against the input bounds.
    int64_t out[2];
    const int64_t in[2] = {c.h, c.w};
    for (int i = 0; i < 2; ++i) {
      int64_t span = in[i] + c.pads[2 * i] + c.pads[2 * i + 1] - ((c.ksize[i] - 1) * c.dil[i] + 1);
      out[i] = (c.ceil ? span + c.strides[i] - 1 : span) / c.strides[i] + 1;
    }
    REQUIRE(r.Get("y").dims() == DDim({n, ch, out[0], out[1]}));
    REQUIRE(r.Get("m").dims() == DDim({n, ch, out[0], out[1]}));
    REQUIRE(r.Get("m").dtype() == DataType::kInt32);
    std::vector<float> want;
    std::vector<int32_t> want_idx;
    for (int64_t p = 0; p < n * ch; ++p)
      for (int64_t oh = 0; oh < out[0]; ++oh)
        for (int64_t ow = 0; ow < out[1]; ++ow) {
          float best = 0.f;
          int32_t at = -1;
          for (int64_t kh = 0; kh < c.ksize[0]; ++kh)
            for (int64_t kw = 0; kw < c.ksize[1]; ++kw) {
              int64_t ih = oh * c.strides[0] - c.pads[0] + kh * c.dil[0];
              int64_t iw = ow * c.strides[1] - c.pads[2] + kw * c.dil[1];
              if (ih < 0 || ih >= c.h || iw < 0 || iw >= c.w) continue;
              float v = xv[static_cast<size_t>((p * c.h + ih) * c.w + iw)];
              if (at < 0 || v > best) {
                best = v;
                at = static_cast<int32_t>(ih * c.w + iw);
              }
            }
          want.push_back(best);
          want_idx.push_back(at);
        }
    CHECK(ToVector(r.Get("y")) == want);
    const int32_t* m = r.Get("m").data<int32_t>();
    CHECK(std::vector<int32_t>(m, m + want_idx.size()) == want_idx);
  }
}

TEST_CASE("pool2d dilated and ceil-mode windows under ONNX's rule (last_window_in_input) against a plain loop",
          "[op][pool2d]") {
  struct Case {
    const char* type;
    int64_t h, w;
    std::vector<int64_t> ksize, strides, dil, pads;  // pads {top, bottom, left, right}
    bool ceil, exclusive, last;
  };
  for (const Case& c : std::vector<Case>{{"avg", 7, 8, {3, 3}, {1, 1}, {2, 2}, {1, 1, 1, 1}, false, true, false},
                                         {"avg", 9, 7, {2, 3}, {2, 1}, {2, 3}, {1, 1, 2, 0}, true, false, false},
                                         {"avg", 8, 9, {3, 2}, {3, 2}, {1, 2}, {1, 1, 1, 1}, true, false, true},
                                         {"max", 4, 4, {3, 3}, {2, 2}, {1, 1}, {1, 1, 1, 1}, true, true, true},
                                         {"avg", 4, 4, {3, 3}, {2, 2}, {1, 1}, {1, 1, 1, 1}, true, true, true},
                                         {"avg", 4, 4, {3, 3}, {2, 2}, {1, 1}, {1, 1, 1, 1}, true, false, true}}) {
    const bool is_max = std::string(c.type) == "max";
    Tensor x = RandomTensor({2, 3, c.h, c.w}, static_cast<uint32_t>(c.h * 7 + c.w));
    std::vector<float> xv = ToVector(x);
    OpRunner r("pool2d");
    r.In("X", "x", x).Out("Out", "y").Attr("pooling_type", Attribute::String(c.type))
        .Attr("ksize", Attribute::Ints(c.ksize)).Attr("strides", Attribute::Ints(c.strides))
        .Attr("paddings", Attribute::Ints(c.pads)).Attr("dilations", Attribute::Ints(c.dil))
        .Attr("ceil_mode", Attribute::Bool(c.ceil)).Attr("exclusive", Attribute::Bool(c.exclusive))
        .Attr("last_window_in_input", Attribute::Bool(c.last));
    Status s = r.Run();
    INFO(s.ToString() << " " << c.type << " h" << c.h << " w" << c.w << " ksize " << DDim(c.ksize).ToString()
                      << " dil " << DDim(c.dil).ToString() << " ceil " << c.ceil << " last " << c.last);
    REQUIRE(s.ok());
    int64_t out[2];
    const int64_t in[2] = {c.h, c.w};
    for (int i = 0; i < 2; ++i) {
      int64_t span = in[i] + c.pads[2 * i] + c.pads[2 * i + 1] - ((c.ksize[i] - 1) * c.dil[i] + 1);
      out[i] = (c.ceil ? span + c.strides[i] - 1 : span) / c.strides[i] + 1;
      while (c.last && c.ceil && (out[i] - 1) * c.strides[i] >= in[i] + c.pads[2 * i]) --out[i];
    }
    REQUIRE(r.Get("y").dims() == DDim({2, 3, out[0], out[1]}));
    std::vector<float> want;
    for (int64_t p = 0; p < 6; ++p)
      for (int64_t oh = 0; oh < out[0]; ++oh)
        for (int64_t ow = 0; ow < out[1]; ++ow) {
          double acc = 0;
          int64_t n = 0, padded = 0;  // taps in the input; in it padded by the leading pads on both sides
          for (int64_t kh = 0; kh < c.ksize[0]; ++kh)
            for (int64_t kw = 0; kw < c.ksize[1]; ++kw) {
              int64_t ih = oh * c.strides[0] - c.pads[0] + kh * c.dil[0];
              int64_t iw = ow * c.strides[1] - c.pads[2] + kw * c.dil[1];
              if (ih < c.h + c.pads[0] && iw < c.w + c.pads[2]) ++padded;
              if (ih < 0 || ih >= c.h || iw < 0 || iw >= c.w) continue;
              double v = xv[static_cast<size_t>((p * c.h + ih) * c.w + iw)];
              acc = is_max ? (n ? std::max(acc, v) : v) : acc + v;
              ++n;
            }
          if (!n) want.push_back(0.f);
          else if (is_max) want.push_back(static_cast<float>(acc));
          else want.push_back(static_cast<float>(acc / static_cast<double>(c.exclusive ? n : padded)));
        }
    std::string why;
    CHECK(AllClose(ToVector(r.Get("y")), want, 1e-5f, 1e-5f, &why));
    INFO(why);
  }
}

TEST_CASE("pool2d rejects dilations and Mask where they have no meaning", "[op][pool2d]") {
  auto run = [](const std::string& type, bool mask, bool adaptive) {
    OpRunner r("pool2d");
    r.In("X", "x", RandomTensor({1, 1, 6, 6}, 1)).Out("Out", "y").Attr("pooling_type", Attribute::String(type))
        .Attr("ksize", Attribute::Ints({2, 2})).Attr("adaptive", Attribute::Bool(adaptive));
    if (mask) r.Out("Mask", "m");
    else r.Attr("dilations", Attribute::Ints({2, 2}));
    return r.Run();
  };
  CHECK(run("avg", false, false).ok());
  Status s = run("avg", false, true);
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("dilations") != std::string::npos);
  CHECK(run("max", false, true).code() == StatusCode::kUnimplemented);
  s = run("avg", true, false);
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("Mask") != std::string::npos);
  CHECK(run("max", true, true).code() == StatusCode::kUnimplemented);
  CHECK(run("max", true, false).ok());
}

TEST_CASE("pool2d global max / avg of NCHW16c / NCHW4c blocks against a plain loop; other packed pools are refused",
          "[op][pool2d]") {
  for (int64_t lanes : {16, 4})
    for (auto [n, blocks, h, w] : std::vector<std::array<int64_t, 4>>{{1, 2, 7, 7}, {2, 3, 1, 5}, {1, 40, 30, 30}}) {
      const Tensor x = RandomTensor({n, blocks, h, w, lanes}, 31);
      const std::vector<float> xv = ToVector(x);
      for (const char* type : {"max", "avg"}) {
        INFO(type << " [" << n << "," << blocks << "," << h << "," << w << "," << lanes << "]");
        OpRunner r("pool2d");
        r.In("X", "x", x).Out("Out", "y").Attr("pooling_type", Attribute::String(type))
            .Attr("global_pooling", Attribute::Bool(true)).Attr("ksize", Attribute::Ints({1, 1}))
            .Attr("data_format", Attribute::String(lanes == 16 ? "NCHW16c" : "NCHW4c"));
        REQUIRE(r.Run().ok());
        CHECK(r.Get("y").dims() == DDim({n, blocks, 1, 1, lanes}));
        const std::vector<float> got = ToVector(r.Get("y"));
        for (int64_t b = 0; b < n * blocks; ++b)
          for (int64_t l = 0; l < lanes; ++l) {
            double acc = std::strcmp(type, "max") == 0 ? -1e30 : 0.0;
            for (int64_t i = 0; i < h * w; ++i) {
              const double v = xv[static_cast<size_t>((b * h * w + i) * lanes + l)];
              acc = std::strcmp(type, "max") == 0 ? std::max(acc, v) : acc + v;
            }
            if (std::strcmp(type, "avg") == 0) acc /= static_cast<double>(h * w);
            CHECK(got[static_cast<size_t>(b * lanes + l)] == Approx(acc).epsilon(1e-5).margin(1e-6));
          }
      }
    }
  OpRunner window("pool2d");  // a fixed window in NCHW16c is not supported: a clear error
  window.In("X", "x", RandomTensor({1, 1, 4, 4, 16}, 1)).Out("Out", "y").Attr("pooling_type", Attribute::String("max"))
      .Attr("ksize", Attribute::Ints({2, 2})).Attr("data_format", Attribute::String("NCHW16c"));
  const Status s = window.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("NCHW16c") != std::string::npos);
}
