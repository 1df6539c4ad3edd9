// conv2d_transpose against the naive scatter loop ref::Conv2dTranspose, and against the adjoint identity
// <convT(x), z> == <x, conv(z)> using the conv2d op with the same filter.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "operators/kernel/central-arm-func/conv_transpose_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct DeconvCase {
  std::string type = "conv2d_transpose";
  int64_t n = 1, c = 3, h = 5, w = 6, cout = 4, kh = 3, kw = 3;
  int64_t sh = 1, sw = 1, dh = 1, dw = 1, groups = 1;
  std::vector<int64_t> pads = {0, 0}, output_padding, output_size;
  std::string algo = "EXPLICIT";
  bool bias = false;
};

std::string Describe(const DeconvCase& k) {
  return StrCat(k.type, " n", k.n, " c", k.c, " h", k.h, " w", k.w, " cout", k.cout, " k", k.kh, "x", k.kw,
                " s", k.sh, "x", k.sw, " d", k.dh, "x", k.dw, " g", k.groups, " pads ", DDim(k.pads).ToString(),
                " outpad ", DDim(k.output_padding).ToString(), " outsize ", DDim(k.output_size).ToString(), " ",
                k.algo, k.bias ? " bias" : "");
}

ConvGeometry Geometry(const DeconvCase& k) {
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
  g.out_h = (k.h - 1) * k.sh - p[0] - p[1] + g.dilation_h * (k.kh - 1) + 1;
  g.out_w = (k.w - 1) * k.sw - p[2] - p[3] + g.dilation_w * (k.kw - 1) + 1;
  if (!k.output_size.empty()) {
    g.out_h = k.output_size[0];
    g.out_w = k.output_size[1];
  } else if (!k.output_padding.empty()) {
    g.out_h += k.output_padding[0];
    g.out_w += k.output_padding[1];
  }
  return g;
}

struct DeconvRun {
  Tensor x, filter, bias;
  std::unique_ptr<OpRunner> op;
};

void Setup(const DeconvCase& k, uint32_t seed, DeconvRun* r) {
  r->x = RandomTensor({k.n, k.c, k.h, k.w}, seed);
  r->filter = RandomTensor({k.c, k.cout / k.groups, k.kh, k.kw}, seed + 1);
  r->bias = RandomTensor({k.cout}, seed + 2);
  r->op.reset(new OpRunner(k.type));
  OpRunner& o = *r->op;
  o.In("Input", "x", r->x).In("Filter", "w", r->filter).Out("Output", "y");
  if (k.bias) o.In("Bias", "b", r->bias);
  o.Attr("strides", Attribute::Ints({k.sh, k.sw}))
      .Attr("paddings", Attribute::Ints(k.pads))
      .Attr("dilations", Attribute::Ints({k.dh, k.dw}))
      .Attr("groups", Attribute::Int(k.groups))
      .Attr("padding_algorithm", Attribute::String(k.algo))
      .Attr("output_padding", Attribute::Ints(k.output_padding))
      .Attr("output_size", Attribute::Ints(k.output_size));
}

void CheckDeconv(const DeconvCase& k, uint32_t seed) {
  INFO(Describe(k));
  DeconvRun r;
  Setup(k, seed, &r);
  Status s = r.op->Run();
  INFO(s.ToString());
  REQUIRE(s.ok());
  ConvGeometry g = Geometry(k);
  REQUIRE(r.op->Get("y").dims() == DDim({g.batch, g.out_c, g.out_h, g.out_w}));
  std::vector<float> want(static_cast<size_t>(g.batch * g.out_c * g.out_h * g.out_w));
  ref::Conv2dTranspose(g, r.x.data<float>(), r.filter.data<float>(), k.bias ? r.bias.data<float>() : nullptr,
                       ActivationSpec(), want.data());
  std::string why;
  CHECK(AllClose(ToVector(r.op->Get("y")), want, 1e-4f, 1e-4f, &why));
  INFO(why);
}

}  // namespace

TEST_CASE("conv2d_transpose sweeps channels and widths", "[op][conv_transpose]") {
  uint32_t seed = 1;
  for (int64_t c : {1, 3, 4, 8, 9, 16, 17})
    for (int64_t w : {1, 3, 7, 8, 9, 16, 17}) {
      DeconvCase k;
      k.c = c; k.w = w; k.h = 3; k.cout = c % 2 ? 4 : 8; k.sh = k.sw = 2; k.pads = {1, 1};
      CheckDeconv(k, seed++);
    }
}

TEST_CASE("conv2d_transpose sweeps kernels, strides, paddings, dilations and groups", "[op][conv_transpose]") {
  uint32_t seed = 100;
  for (int64_t ks : {1, 2, 3, 4})
    for (int64_t s : {1, 2, 3})
      for (int64_t p : {0, 1})
        for (int64_t d : {1, 2}) {
          DeconvCase k;
          k.c = 4; k.cout = 6; k.h = 5; k.w = 7; k.kh = k.kw = ks; k.sh = k.sw = s; k.pads = {p, p};
          k.dh = k.dw = d; k.bias = (ks + s) % 2 == 0;
          CheckDeconv(k, seed++);
        }
  for (int64_t groups : {2, 4}) {
    DeconvCase k;
    k.c = 4; k.cout = 8; k.groups = groups; k.sh = k.sw = 2; k.pads = {1, 1}; k.bias = true;
    CheckDeconv(k, seed++);
  }
  DeconvCase dw;  // depthwise transpose
  dw.type = "depthwise_conv2d_transpose";
  dw.c = dw.cout = dw.groups = 8; dw.kh = dw.kw = 4; dw.sh = dw.sw = 2; dw.pads = {1, 1};
  CheckDeconv(dw, seed++);
  for (std::vector<int64_t> pads : {std::vector<int64_t>{0, 1, 2, 0}, {1, 0, 0, 1}, {2, 1, 1, 2}}) {
    DeconvCase k;
    k.pads = pads; k.sh = 2; k.sw = 3; k.kh = 3; k.kw = 4;
    CheckDeconv(k, seed++);
  }
}

// groups == Cout takes the direct per-plane path (ConvTransposeOnePerGroup), not GEMM + col2im: depthwise,
// and 2 or 3 input channels per output as in ncnn's DeconvolutionDepthWise upsampling.
TEST_CASE("one-output-per-group conv2d_transpose sweeps kernels, strides, paddings and dilations", "[op][conv_transpose]") {
  uint32_t seed = 150;
  for (int64_t ks : {1, 2, 3, 4, 5})
    for (int64_t s : {1, 2, 3})
      for (std::vector<int64_t> pads : {std::vector<int64_t>{0, 0}, {1, 1}, {2, 0, 1, 2}})
        for (int64_t d : {1, 2}) {
          DeconvCase k;
          k.type = (ks + s) % 2 ? "depthwise_conv2d_transpose" : "conv2d_transpose";
          k.cout = k.groups = ks % 2 ? 3 : 16; k.c = k.cout * (d == 2 ? 1 + ks % 3 : 1); k.n = s == 3 ? 2 : 1;
          k.h = 4 + s; k.w = 9 - s; k.kh = ks; k.kw = ks == 5 ? 2 : ks; k.sh = s; k.sw = s == 3 ? 2 : s;
          k.pads = pads; k.dh = k.dw = d; k.bias = d == 1;
          CheckDeconv(k, seed++);
        }
}

TEST_CASE("conv2d_transpose output_padding, output_size and padding algorithms", "[op][conv_transpose]") {
  uint32_t seed = 200;
  DeconvCase k;
  k.sh = k.sw = 2; k.pads = {1, 1}; k.h = 4; k.w = 5;  // inferred output 7 x 9
  k.output_padding = {1, 0};
  CheckDeconv(k, seed++);
  k.output_padding = {};
  k.output_size = {8, 10};
  CheckDeconv(k, seed++);
  k.output_size = {7, 9};
  CheckDeconv(k, seed++);
  for (const char* algo : {"SAME", "VALID"})
    for (int64_t s : {1, 2}) {
      DeconvCase a;
      a.algo = algo; a.sh = a.sw = s; a.pads = {2, 2}; a.dh = a.dw = 2; a.kh = a.kw = 3; a.h = 5; a.w = 6;
      CheckDeconv(a, seed++);
    }
}

TEST_CASE("conv2d_transpose is the adjoint of conv2d", "[op][conv_transpose]") {
  // For the same filter W [Cin, Cout, kh, kw]: <convT_W(x), z> == <x, conv_W(z)>.
  uint32_t seed = 300;
  std::vector<DeconvCase> cases(3);
  cases[0].sh = cases[0].sw = 2; cases[0].pads = {1, 1};
  cases[1].kh = 4; cases[1].kw = 2; cases[1].sh = 2; cases[1].sw = 1; cases[1].pads = {0, 1, 2, 1}; cases[1].dw = 2;
  cases[2].c = 8; cases[2].cout = 8; cases[2].sh = cases[2].sw = 3; cases[2].output_padding = {2, 1};
  for (const DeconvCase& k : cases) {
    INFO(Describe(k));
    DeconvRun r;
    Setup(k, seed, &r);
    REQUIRE(r.op->Run().ok());
    const Tensor& y = r.op->Get("y");
    Tensor z = RandomTensor(y.dims(), seed + 7);
    OpRunner conv("conv2d");
    conv.In("Input", "z", z).In("Filter", "w", r.filter).Out("Output", "cz")
        .Attr("strides", Attribute::Ints({k.sh, k.sw}))
        .Attr("paddings", Attribute::Ints(k.pads))
        .Attr("dilations", Attribute::Ints({k.dh, k.dw}));
    REQUIRE(conv.Run().ok());
    REQUIRE(conv.Get("cz").dims() == r.x.dims());
    double lhs = 0, rhs = 0;
    std::vector<float> yv = ToVector(y), zv = ToVector(z), xv = ToVector(r.x), czv = ToVector(conv.Get("cz"));
    for (size_t i = 0; i < yv.size(); ++i) lhs += static_cast<double>(yv[i]) * zv[i];
    for (size_t i = 0; i < xv.size(); ++i) rhs += static_cast<double>(xv[i]) * czv[i];
    CHECK(lhs == Approx(rhs).epsilon(1e-4));
    ++seed;
  }
}

TEST_CASE("conv2d_transpose rejects bad shapes and attributes", "[op][conv_transpose]") {
  auto run = [](std::function<void(DeconvCase*)> edit) {
    DeconvCase k;
    k.sh = k.sw = 2;
    edit(&k);
    DeconvRun r;
    Setup(k, 1, &r);
    return r.op->Run();
  };
  Status s = run([](DeconvCase* k) { k->output_size = {20, 20}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("output_size") != std::string::npos);
  s = run([](DeconvCase* k) { k->output_padding = {2, 0}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("output_padding") != std::string::npos);
  s = run([](DeconvCase* k) { k->output_padding = {1}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("output_padding") != std::string::npos);
  s = run([](DeconvCase* k) { k->c = 3; k->groups = 2; k->cout = 4; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("groups") != std::string::npos);
  s = run([](DeconvCase* k) { k->h = 1; k->w = 1; k->sh = k->sw = 1; k->kh = k->kw = 1; k->pads = {1, 1}; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("output size") != std::string::npos);
  s = run([](DeconvCase* k) { k->algo = "FULL"; });
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("padding_algorithm") != std::string::npos);
  // Filter channels must match the input's.
  OpRunner bad("conv2d_transpose");
  bad.In("Input", "x", RandomTensor({1, 3, 5, 6}, 1)).In("Filter", "w", RandomTensor({5, 4, 3, 3}, 2)).Out("Output", "y");
  s = bad.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("Filter") != std::string::npos);
}
