// quantized_conv2d against an independent reference written here: the input rounded with std::nearbyint (ties
// to even) and saturated, a direct conv of the integers in double, scaled per output channel, bias and
// activation added. The portable loops and the int8 GEMM at every level of this build's instruction-set folder
// must match it: shapes around the tile widths, groups, strides, dilations, asymmetric pads, inputs past the
// range (saturation), exact ties (rounded to even or away from zero) and a NaN (quantized to 0).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "accel_scopes.h"
#include "operators/conv_op.h"
#include "operators/kernel/cpu_accel.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct QCase {
  int64_t n, cin, h, w, cout, kh, kw, groups, stride, dil;
  std::vector<int64_t> pads;  // top, bottom, left, right
};

struct QData {
  std::vector<float> x, fscale, bias;
  std::vector<int8_t> w;
  float mul = 0, step = 0;
  bool ties_away = false;  // round_type 1: ties away from zero, the range [-127, 127]
  std::string act = "relu6";  // the fused activation: "", relu, relu6, leaky_relu (alpha 0.1) or sigmoid
};

double Activate(const std::string& act, double v) {
  if (act == "relu") return std::max(0.0, v);
  if (act == "relu6") return std::min(6.0, std::max(0.0, v));
  if (act == "leaky_relu") return v > 0 ? v : 0.1 * v;
  if (act == "sigmoid") return 1.0 / (1.0 + std::exp(-v));
  return v;
}

QData MakeData(const QCase& c, std::mt19937* rng) {
  QData d;
  std::normal_distribution<float> normal(0.f, 1.f);
  d.step = 0.03125f;  // a power of two: x = (k + 0.5) * step is an exact tie
  d.mul = 1.f / d.step;
  d.x.resize(static_cast<size_t>(c.n * c.cin * c.h * c.w));
  for (size_t i = 0; i < d.x.size(); ++i) {
    const unsigned r = (*rng)() % 8;
    d.x[i] = r == 0 ? (static_cast<float>((*rng)() % 200) - 100.5f) * d.step  // a tie
             : r == 1 ? normal(*rng) * 8.f                                   // mostly past +-127 steps
                      : normal(*rng) * 1.5f;
  }
  d.x[d.x.size() / 2] = std::nanf("");
  d.w.resize(static_cast<size_t>(c.cout * (c.cin / c.groups) * c.kh * c.kw));
  for (auto& v : d.w) v = static_cast<int8_t>(static_cast<int>((*rng)() % 255) - 127);
  for (int64_t o = 0; o < c.cout; ++o) {
    d.fscale.push_back(0.001f * static_cast<float>(1 + (*rng)() % 50));
    d.bias.push_back(normal(*rng));
  }
  return d;
}

// The reference: the activation after the scaled sum.
std::vector<float> Reference(const QCase& c, const QData& d) {
  const int64_t oh = (c.h + c.pads[0] + c.pads[1] - c.dil * (c.kh - 1) - 1) / c.stride + 1;
  const int64_t ow = (c.w + c.pads[2] + c.pads[3] - c.dil * (c.kw - 1) - 1) / c.stride + 1;
  const int64_t cin_g = c.cin / c.groups, cout_g = c.cout / c.groups;
  std::vector<double> q(d.x.size(), 0.0);
  for (size_t i = 0; i < q.size(); ++i) {
    if (std::isnan(d.x[i])) continue;  // NaN quantizes to 0
    const float v = d.ties_away ? std::round(d.x[i] * d.mul) : std::nearbyint(d.x[i] * d.mul);
    q[i] = std::min(127.0, std::max(d.ties_away ? -127.0 : -128.0, static_cast<double>(v)));
  }
  std::vector<float> y(static_cast<size_t>(c.n * c.cout * oh * ow));
  for (int64_t n = 0; n < c.n; ++n)
    for (int64_t o = 0; o < c.cout; ++o)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          double acc = 0;
          for (int64_t ci = 0; ci < cin_g; ++ci)
            for (int64_t a = 0; a < c.kh; ++a)
              for (int64_t b = 0; b < c.kw; ++b) {
                const int64_t ih = i * c.stride - c.pads[0] + a * c.dil, iw = j * c.stride - c.pads[2] + b * c.dil;
                if (ih < 0 || ih >= c.h || iw < 0 || iw >= c.w) continue;
                const int64_t chan = (o / cout_g) * cin_g + ci;
                acc += q[static_cast<size_t>(((n * c.cin + chan) * c.h + ih) * c.w + iw)] *
                       d.w[static_cast<size_t>(((o * cin_g + ci) * c.kh + a) * c.kw + b)];
              }
          const double v = acc * d.step * d.fscale[static_cast<size_t>(o)] + d.bias[static_cast<size_t>(o)];
          const size_t at = static_cast<size_t>(((n * c.cout + o) * oh + i) * ow + j);
          y[at] = static_cast<float>(Activate(d.act, v));
        }
  return y;
}

// filter / fscale: replacements for d's (bad-input tests).
void Setup(OpRunner& r, const QCase& c, const QData& d, const Tensor* filter = nullptr,
           const Tensor* fscale = nullptr) {
  r.In("Input", "x", MakeTensor(DDim({c.n, c.cin, c.h, c.w}), d.x));
  r.In("Filter", "w", filter ? *filter : MakeTypedTensor<int8_t>(DDim({c.cout, c.cin / c.groups, c.kh, c.kw}), d.w));
  r.In("FilterScale", "fs", fscale ? *fscale : MakeTensor(DDim({c.cout}), d.fscale));
  r.In("Bias", "b", MakeTensor(DDim({c.cout}), d.bias)).Out("Output", "out");
  r.Attr("strides", Attribute::Ints({c.stride, c.stride})).Attr("paddings", Attribute::Ints(c.pads));
  r.Attr("dilations", Attribute::Ints({c.dil, c.dil})).Attr("groups", Attribute::Int(c.groups));
  r.Attr("input_mul", Attribute::Float(d.mul)).Attr("input_step", Attribute::Float(d.step));
  if (d.ties_away) r.Attr("round_type", Attribute::Int(1)).Attr("quant_min", Attribute::Int(-127));
  if (!d.act.empty()) r.Attr("fuse_activation", Attribute::String(d.act));
  if (d.act == "relu6") r.Attr("fuse_threshold", Attribute::Float(6.f));
  if (d.act == "leaky_relu") r.Attr("fuse_alpha", Attribute::Float(0.1f));
}

void RequireMatches(const QCase& c, const QData& d, const std::vector<float>& want, const std::string& what) {
  OpRunner r("quantized_conv2d");
  Setup(r, c, d);
  Status s = r.Run();
  INFO(what << ": " << s.message());
  REQUIRE(s.ok());
  const Tensor& got = r.Get("out");
  REQUIRE(static_cast<size_t>(got.numel()) == want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    INFO("element " << i);
    REQUIRE(got.data<float>()[i] == Approx(want[i]).margin(1e-5).epsilon(1e-5));
  }
}

}  // namespace

TEST_CASE("quantized_conv2d: portable and int8 GEMM paths match the integer reference", "[op][quantize][igemm]") {
  std::mt19937 rng(41);
  const QCase cases[] = {
      {1, 3, 9, 7, 17, 3, 3, 1, 1, 1, {1, 1, 1, 1}}, {2, 8, 8, 8, 64, 1, 1, 1, 1, 1, {0, 0, 0, 0}},
      {1, 5, 11, 10, 6, 3, 3, 1, 2, 1, {1, 1, 1, 1}}, {1, 4, 9, 8, 6, 3, 3, 2, 2, 1, {0, 0, 0, 0}},
      {1, 2, 8, 8, 2, 2, 2, 2, 1, 2, {2, 2, 2, 2}},   {1, 7, 10, 9, 33, 5, 3, 1, 1, 1, {2, 0, 1, 2}},
      {1, 16, 6, 6, 65, 3, 3, 1, 1, 1, {1, 1, 1, 1}}, {1, 6, 7, 7, 6, 3, 3, 6, 1, 1, {1, 1, 1, 1}},
      // a 1x1 output (C's columns 1 apart), more than one block of rows (96) and of columns (256)
      {2, 9, 3, 3, 40, 3, 3, 1, 1, 1, {0, 0, 0, 0}},  {1, 12, 14, 15, 300, 1, 1, 1, 1, 1, {0, 0, 0, 0}}};
  const char* acts[] = {"relu6", "", "relu", "leaky_relu", "sigmoid"};
  int i = 0;
  for (const QCase& c : cases) {
    QData d = MakeData(c, &rng);
    d.ties_away = i % 2 == 1;
    d.act = acts[i % 5];
    const std::vector<float> want = Reference(c, d);
    const std::string what = "case " + std::to_string(i++);
    {
      const CpuAccelTable none;
      ScopedAccel portable(&none);
      RequireMatches(c, d, want, what + " portable");
    }
    const IsaAccel* isa = CpuAccel().isa;
    for (int level = 0; isa && level <= isa->detected(); ++level) {
      ScopedLevel scoped(*isa, level);
      RequireMatches(c, d, want, what + " at " + isa->name(level));
    }
  }
}

TEST_CASE("quantized_conv2d: bad inputs are refused naming them", "[op][quantize]") {
  const QCase c{1, 3, 5, 5, 4, 3, 3, 1, 1, 1, {1, 1, 1, 1}};
  std::mt19937 rng(42);
  const QData d = MakeData(c, &rng);
  {
    OpRunner r("quantized_conv2d");
    const Tensor w = MakeTensor(DDim({4, 3, 3, 3}), std::vector<float>(108, 1.f));
    Setup(r, c, d, &w);
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    REQUIRE_THAT(s.message(), Catch::Contains("input Filter"));
  }
  {
    OpRunner r("quantized_conv2d");
    const Tensor fs = MakeTensor(DDim({3}), std::vector<float>(3, 1.f));
    Setup(r, c, d, nullptr, &fs);
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    REQUIRE_THAT(s.message(), Catch::Contains("FilterScale must have 4 values"));
  }
}
