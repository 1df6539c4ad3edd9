// conv2d / depthwise_conv2d against the naive ref::Conv2d and, for a few cases, an Eigen GEMM over
// patches gathered here. Geometry (SAME/VALID paddings, output size) is recomputed here independently.
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "operators/kernel/central-arm-func/conv_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct ConvCase {
  std::string type = "conv2d";
  int64_t n = 1, c = 3, h = 7, w = 7, cout = 4, kh = 3, kw = 3;
  int64_t sh = 1, sw = 1, dh = 1, dw = 1, groups = 1;
  std::vector<int64_t> pads = {0, 0};
  std::string algo = "EXPLICIT";
  bool bias = false;
  std::string act;  // "", "relu", "relu6", "leaky_relu" or "sigmoid"
};

std::string Describe(const ConvCase& k) {
  return StrCat(k.type, " n", k.n, " c", k.c, " h", k.h, " w", k.w, " cout", k.cout, " k", k.kh, "x", k.kw,
                " s", k.sh, "x", k.sw, " d", k.dh, "x", k.dw, " g", k.groups, " pads ", DDim(k.pads).ToString(),
                " ", k.algo, k.bias ? " bias" : "", " act '", k.act, "'");
}

// Paddle's geometry, written out again for the test.
ConvGeometry Geometry(const ConvCase& k) {
  ConvGeometry g;
  g.batch = k.n; g.in_c = k.c; g.in_h = k.h; g.in_w = k.w; g.out_c = k.cout; g.groups = k.groups;
  g.kernel_h = k.kh; g.kernel_w = k.kw; g.stride_h = k.sh; g.stride_w = k.sw;
  g.dilation_h = k.dh; g.dilation_w = k.dw;
  int64_t p[4] = {k.pads[0], k.pads[0], k.pads[1], k.pads[1]};
  if (k.pads.size() == 4) std::copy(k.pads.begin(), k.pads.end(), p);
  if (k.algo == "VALID") std::fill(p, p + 4, 0);
  if (k.algo == "SAME") {
    g.dilation_h = g.dilation_w = 1;
    int64_t in[2] = {k.h, k.w}, s[2] = {k.sh, k.sw}, ks[2] = {k.kh, k.kw};
    for (int i = 0; i < 2; ++i) {
      int64_t out = (in[i] + s[i] - 1) / s[i];
      int64_t total = std::max<int64_t>(0, (out - 1) * s[i] + ks[i] - in[i]);
      p[2 * i] = total / 2;
      p[2 * i + 1] = total - total / 2;
    }
  }
  g.pad_top = p[0]; g.pad_bottom = p[1]; g.pad_left = p[2]; g.pad_right = p[3];
  g.out_h = (k.h + p[0] + p[1] - (g.dilation_h * (k.kh - 1) + 1)) / k.sh + 1;
  g.out_w = (k.w + p[2] + p[3] - (g.dilation_w * (k.kw - 1) + 1)) / k.sw + 1;
  return g;
}

float TestActivation(const std::string& act, float v) {
  if (act == "relu") return std::max(v, 0.f);
  if (act == "relu6") return std::min(std::max(v, 0.f), 6.f);
  if (act == "leaky_relu") return v > 0 ? v : 0.1f * v;
  if (act == "sigmoid") return 1.f / (1.f + std::exp(-v));
  return v;
}

struct ConvRun {
  Tensor x, filter, bias;
  std::unique_ptr<OpRunner> op;
  OpRunner& runner() { return *op; }
};

void Setup(const ConvCase& k, uint32_t seed, ConvRun* r) {
  r->x = RandomTensor({k.n, k.c, k.h, k.w}, seed, -2.f, 2.f);
  r->filter = RandomTensor({k.cout, k.c / k.groups, k.kh, k.kw}, seed + 1);
  r->bias = RandomTensor({k.cout}, seed + 2, -3.f, 3.f);
  r->op.reset(new OpRunner(k.type));
  r->runner().In("Input", "x", r->x).In("Filter", "w", r->filter).Out("Output", "y");
  if (k.bias) r->runner().In("Bias", "b", r->bias);
  r->runner().Attr("strides", Attribute::Ints({k.sh, k.sw}))
      .Attr("paddings", Attribute::Ints(k.pads))
      .Attr("dilations", Attribute::Ints({k.dh, k.dw}))
      .Attr("groups", Attribute::Int(k.groups))
      .Attr("padding_algorithm", Attribute::String(k.algo));
  if (k.act == "relu") {
    r->runner().Attr("fuse_activation", Attribute::String("relu"));
  } else if (k.act == "relu6") {
    r->runner().Attr("fuse_activation", Attribute::String("relu6")).Attr("fuse_threshold", Attribute::Float(6.0));
  } else if (k.act == "leaky_relu") {
    r->runner().Attr("fuse_activation", Attribute::String("leaky_relu")).Attr("fuse_alpha", Attribute::Float(0.1));
  } else if (!k.act.empty()) {
    r->runner().Attr("fuse_activation", Attribute::String(k.act));
  }
}

// The expected output: ref::Conv2d without activation, then the activation applied here.
std::vector<float> Expected(const ConvCase& k, const ConvRun& r) {
  ConvGeometry g = Geometry(k);
  std::vector<float> want(static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w));
  ref::Conv2d(g, r.x.data<float>(), r.filter.data<float>(), k.bias ? r.bias.data<float>() : nullptr,
              ActivationSpec(), want.data());
  for (float& v : want) v = TestActivation(k.act, v);
  return want;
}

void CheckConv(const ConvCase& k, uint32_t seed) {
  INFO(Describe(k));
  ConvRun r;
  Setup(k, seed, &r);
  Status s = r.runner().Run();
  INFO(s.ToString());
  REQUIRE(s.ok());
  ConvGeometry g = Geometry(k);
  CHECK(r.runner().Get("y").dims() == DDim({g.batch, g.out_c, g.out_h, g.out_w}));
  std::string why;
  CHECK(AllClose(ToVector(r.runner().Get("y")), Expected(k, r), 1e-4f, 1e-4f, &why));
  INFO(why);
}

}  // namespace

TEST_CASE("conv2d sweeps channels and widths", "[op][conv]") {
  uint32_t seed = 1;
  for (int64_t c : {1, 3, 4, 8, 9, 16, 17})
    for (int64_t w : {1, 3, 7, 8, 9, 15, 16, 17}) {
      ConvCase k;
      k.c = c; k.w = w; k.h = 4; k.cout = c % 2 ? 5 : 8; k.pads = {1, 1};
      CheckConv(k, seed++);
    }
}

TEST_CASE("conv2d sweeps kernels, strides, paddings and dilations", "[op][conv]") {
  uint32_t seed = 100;
  for (int64_t ks : {1, 3, 5})
    for (int64_t s : {1, 2})
      for (int64_t p : {0, 1, 2})
        for (int64_t d : {1, 2}) {
          ConvCase k;
          k.c = 4; k.cout = 6; k.h = 9; k.w = 10; k.kh = k.kw = ks; k.sh = k.sw = s; k.pads = {p, p};
          k.dh = k.dw = d;
          CheckConv(k, seed++);
        }
  // Non-square kernels and strides differing per axis.
  ConvCase k;
  k.c = 3; k.cout = 5; k.h = 8; k.w = 11; k.kh = 3; k.kw = 5; k.sh = 2; k.sw = 1; k.pads = {1, 2}; k.dh = 1; k.dw = 2;
  CheckConv(k, seed++);
}

TEST_CASE("conv2d takes asymmetric 4-value paddings {top, bottom, left, right}", "[op][conv]") {
  uint32_t seed = 200;
  for (std::vector<int64_t> pads : {std::vector<int64_t>{0, 1, 2, 0}, {1, 0, 0, 2}, {2, 1, 1, 0}, {0, 2, 1, 1}})
    for (int64_t s : {1, 2}) {
      ConvCase k;
      k.c = 3; k.cout = 4; k.h = 7; k.w = 9; k.sh = k.sw = s; k.pads = pads;
      CheckConv(k, seed++);
      k.kh = k.kw = 1;  // a 1x1 conv with padding takes the im2col path
      CheckConv(k, seed++);
    }
}

// The GEMM path computes a padded 1x1 conv over the input's pixels only and fills the border with the
// activated bias (SqueezeNet's conv10); widths around the SGEMM tile's columns, pads on every side alone.
TEST_CASE("conv2d 1x1 with padding: border from the bias, interior from the GEMM", "[op][conv]") {
  uint32_t seed = 250;
  for (const char* act : {"", "relu", "leaky_relu", "sigmoid"})
    for (int64_t w : {1, 5, 15, 16, 17}) {
      ConvCase k;
      k.c = 7; k.cout = 13; k.h = 3; k.w = w; k.kh = k.kw = 1; k.pads = {1, 1}; k.bias = true; k.act = act;
      CheckConv(k, seed++);
    }
  for (std::vector<int64_t> pads : {std::vector<int64_t>{2, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 3, 0}, {0, 0, 0, 1},
                                    {1, 2, 3, 1}})
    for (int64_t groups : {1, 2}) {
      ConvCase k;
      k.n = 2; k.c = 6; k.cout = 10; k.h = 5; k.w = 9; k.kh = k.kw = 1; k.pads = pads; k.groups = groups;
      k.bias = groups == 1; k.act = "relu";
      CheckConv(k, seed++);
    }
}

TEST_CASE("conv2d groups and depthwise", "[op][conv]") {
  uint32_t seed = 300;
  for (int64_t s : {1, 2})
    for (int64_t d : {1, 2}) {
      ConvCase k;
      k.c = 4; k.cout = 6; k.groups = 2; k.h = 8; k.w = 9; k.sh = k.sw = s; k.dh = k.dw = d; k.pads = {1, 1};
      CheckConv(k, seed++);
      for (int64_t c : {3, 8, 9, 16, 17}) {
        for (int64_t ks : {3, 5}) {
          ConvCase dk;
          dk.type = "depthwise_conv2d";
          dk.c = dk.cout = dk.groups = c; dk.h = 7; dk.w = 17; dk.kh = dk.kw = ks; dk.sh = dk.sw = s;
          dk.dh = dk.dw = d; dk.pads = {ks / 2, ks / 2}; dk.bias = c % 2 == 1;
          CheckConv(dk, seed++);
        }
      }
      // Channel multiplier 2: groups == C but Cout == 2C goes through the grouped GEMM.
      ConvCase m;
      m.type = "depthwise_conv2d";
      m.c = 3; m.groups = 3; m.cout = 6; m.h = 6; m.w = 8; m.sh = m.sw = s; m.dh = m.dw = d; m.pads = {1, 1};
      CheckConv(m, seed++);
    }
  ConvCase a;  // depthwise with asymmetric paddings
  a.type = "depthwise_conv2d";
  a.c = a.cout = a.groups = 8; a.h = 9; a.w = 9; a.pads = {0, 2, 1, 0}; a.sh = 2;
  CheckConv(a, seed++);
}

TEST_CASE("conv2d SAME and VALID padding algorithms", "[op][conv]") {
  uint32_t seed = 400;
  for (const char* algo : {"SAME", "VALID"})
    for (int64_t ks : {1, 3, 5})
      for (int64_t s : {1, 2}) {
        ConvCase k;
        k.algo = algo; k.c = 3; k.cout = 4; k.h = 9; k.w = 8; k.kh = k.kw = ks; k.sh = k.sw = s;
        k.pads = {3, 3};  // ignored by SAME and VALID
        k.dh = k.dw = 2;  // SAME resets dilations to 1
        if (std::string(algo) == "VALID" && ks == 5) k.dh = k.dw = 1;
        CheckConv(k, seed++);
        ConvCase d = k;
        d.type = "depthwise_conv2d";
        d.c = d.cout = d.groups = 4;
        CheckConv(d, seed++);
      }
  // SAME keeps the output at ceil(in / stride).
  ConvCase k;
  k.algo = "SAME"; k.h = 9; k.w = 8; k.sh = k.sw = 2; k.kh = k.kw = 3;
  ConvRun r;
  Setup(k, 7, &r);
  REQUIRE(r.runner().Run().ok());
  CHECK(r.runner().Get("y").dims() == DDim({1, 4, 5, 4}));
}

TEST_CASE("conv2d bias and fused activations", "[op][conv]") {
  uint32_t seed = 500;
  for (const char* act : {"", "relu", "relu6", "leaky_relu"})
    for (bool bias : {false, true}) {
      ConvCase k;
      k.c = 8; k.cout = 9; k.h = 6; k.w = 7; k.pads = {1, 1}; k.bias = bias; k.act = act;
      CheckConv(k, seed++);
      ConvCase one = k;  // 1x1 stride 1: the GEMM-only path
      one.kh = one.kw = 1; one.pads = {0, 0}; one.n = 2;
      CheckConv(one, seed++);
      ConvCase d = k;
      d.type = "depthwise_conv2d";
      d.c = d.cout = d.groups = 9;
      CheckConv(d, seed++);
    }
}

TEST_CASE("conv2d relu6 clips large outputs", "[op][conv]") {
  ConvCase k;
  k.c = 16; k.cout = 4; k.h = 5; k.w = 5; k.pads = {1, 1}; k.act = "relu6"; k.bias = true;
  ConvRun r;
  Setup(k, 9, &r);
  float* x = r.runner().Mutable("x")->mutable_data<float>();
  for (int64_t i = 0; i < r.x.numel(); ++i) x[i] = 1.f;
  float* w = r.runner().Mutable("w")->mutable_data<float>();
  // Even output channels sum to large positives, odd ones to large negatives.
  for (int64_t i = 0; i < r.filter.numel(); ++i) w[i] = (i / (16 * 9)) % 2 == 0 ? 1.f : -1.f;
  REQUIRE(r.runner().Run().ok());
  std::vector<float> y = ToVector(r.runner().Get("y"));
  CHECK(*std::max_element(y.begin(), y.end()) == 6.f);
  CHECK(*std::min_element(y.begin(), y.end()) == 0.f);
}

TEST_CASE("conv2d batches and runs again on new data", "[op][conv]") {
  ConvCase k;
  k.n = 3; k.c = 5; k.cout = 7; k.h = 6; k.w = 9; k.pads = {1, 1}; k.bias = true;
  ConvRun r;
  Setup(k, 11, &r);
  REQUIRE(r.runner().Run().ok());
  Tensor x2 = RandomTensor(r.x.dims(), 12);
  REQUIRE(r.runner().Mutable("x")->CopyFrom(x2).ok());
  REQUIRE(r.runner().RunAgain().ok());
  r.x = x2;
  std::string why;
  CHECK(AllClose(ToVector(r.runner().Get("y")), Expected(k, r), 1e-4f, 1e-4f, &why));
  INFO(why);
}

TEST_CASE("conv2d matches an Eigen GEMM over gathered patches", "[op][conv]") {
  using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  uint32_t seed = 600;
  std::vector<ConvCase> cases(4);
  cases[0].c = 3; cases[0].cout = 8; cases[0].h = 9; cases[0].w = 11; cases[0].pads = {1, 1};
  cases[1].c = 16; cases[1].cout = 17; cases[1].h = 8; cases[1].w = 8; cases[1].kh = cases[1].kw = 1;
  cases[2].c = 4; cases[2].cout = 5; cases[2].h = 10; cases[2].w = 7; cases[2].kh = cases[2].kw = 5;
  cases[2].sh = cases[2].sw = 2; cases[2].pads = {0, 2, 1, 2}; cases[2].dh = 2;
  cases[3].c = 9; cases[3].cout = 3; cases[3].h = 5; cases[3].w = 17; cases[3].pads = {2, 0};
  for (const ConvCase& k : cases) {
    INFO(Describe(k));
    ConvRun r;
    Setup(k, seed++, &r);
    REQUIRE(r.runner().Run().ok());
    ConvGeometry g = Geometry(k);
    const int64_t K = k.c * k.kh * k.kw, P = g.out_h * g.out_w;
    Mat patches = Mat::Zero(P, K);
    const float* x = r.x.data<float>();
    for (int64_t oh = 0; oh < g.out_h; ++oh)
      for (int64_t ow = 0; ow < g.out_w; ++ow)
        for (int64_t c = 0; c < k.c; ++c)
          for (int64_t i = 0; i < k.kh; ++i)
            for (int64_t j = 0; j < k.kw; ++j) {
              int64_t ih = oh * g.stride_h - g.pad_top + i * g.dilation_h;
              int64_t iw = ow * g.stride_w - g.pad_left + j * g.dilation_w;
              if (ih >= 0 && ih < k.h && iw >= 0 && iw < k.w)
                patches(oh * g.out_w + ow, (c * k.kh + i) * k.kw + j) = x[(c * k.h + ih) * k.w + iw];
            }
    Eigen::Map<const Mat> weights(r.filter.data<float>(), k.cout, K);
    Mat out = weights * patches.transpose();  // [Cout, P], NCHW order
    std::vector<float> want(out.data(), out.data() + out.size());
    std::string why;
    CHECK(AllClose(ToVector(r.runner().Get("y")), want, 1e-4f, 1e-4f, &why));
    INFO(why);
  }
}

TEST_CASE("conv2d rejects bad shapes and attributes", "[op][conv]") {
  auto run = [](std::function<void(ConvCase*)> edit, std::function<void(OpRunner*)> attrs = nullptr) {
    ConvCase k;
    k.c = 4; k.cout = 4; k.groups = 2;
    edit(&k);
    ConvRun r;
    Setup(k, 1, &r);
    if (attrs) attrs(r.op.get());
    return r.runner().Run();
  };
  Status s = run([](ConvCase* k) { k->groups = 3; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("groups") != std::string::npos);

  // Filter built for groups = 2 but the op says groups = 1: channel mismatch.
  s = run([](ConvCase*) {}, [](OpRunner* r) { r->Attr("groups", Attribute::Int(1)); });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("Filter") != std::string::npos);

  s = run([](ConvCase* k) { k->h = 2; k->kh = 5; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("output size") != std::string::npos);

  s = run([](ConvCase*) {}, [](OpRunner* r) { r->Attr("data_format", Attribute::String("NHWC")); });
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("data_format") != std::string::npos);

  s = run([](ConvCase* k) { k->algo = "FULL"; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("padding_algorithm") != std::string::npos);

  s = run([](ConvCase* k) { k->pads = {1, 1, 1}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("paddings") != std::string::npos);

  s = run([](ConvCase* k) { k->sh = 0; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("strides") != std::string::npos);

  s = run([](ConvCase*) {}, [](OpRunner* r) { r->In("Bias", "b3", RandomTensor({3}, 1)); });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("Bias") != std::string::npos);

  s = run([](ConvCase*) {}, [](OpRunner* r) { r->Attr("fuse_relu_before_depthwise_conv", Attribute::Bool(true)); });
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("fuse_relu_before_depthwise_conv") != std::string::npos);

  s = run([](ConvCase*) {}, [](OpRunner* r) { r->Attr("fuse_activation", Attribute::String("no_such_act")); });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("no_such_act") != std::string::npos);

  // Window attributes past 2^20 would overflow the geometry's products (fuzz_slim: a dilation of 8.8e18).
  s = run([](ConvCase*) {}, [](OpRunner* r) { r->Attr("dilations", Attribute::Ints({8791026472627208193, 1})); });
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("at most 1048576") != std::string::npos);
  s = run([](ConvCase* k) { k->pads = {int64_t{1} << 40, 0}; });
  CHECK(s.message().find("at most 1048576") != std::string::npos);
}
