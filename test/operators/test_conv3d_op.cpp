// conv3d and conv3d_transpose against plain loops written here (and the ref:: loops against the same).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "operators/kernel/central-arm-func/conv3d_func.h"
#include "operators/kernel/central-arm-func/conv3d_transpose_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct Case3d {
  int64_t n, cin, cout, groups;
  int64_t in[3], k[3], s[3], d[3];
  std::vector<int64_t> pads;  // 3 values or 6 {front, back, top, bottom, left, right}
  bool bias;
};

std::string Describe(const Case3d& c) {
  return StrCat("n", c.n, " cin", c.cin, " cout", c.cout, " g", c.groups, " in ", c.in[0], "x", c.in[1], "x",
                c.in[2], " k ", c.k[0], c.k[1], c.k[2], " s ", c.s[0], c.s[1], c.s[2], " d ", c.d[0], c.d[1], c.d[2],
                " pads ", DDim(c.pads).ToString(), " bias ", c.bias);
}

void Pads6(const Case3d& c, int64_t p[6]) {
  for (int i = 0; i < 6; ++i) p[i] = c.pads.size() == 3 ? c.pads[static_cast<size_t>(i / 2)] : c.pads[static_cast<size_t>(i)];
}

const std::vector<Case3d>& Cases() {
  static const std::vector<Case3d> cases = {
      {1, 1, 1, 1, {3, 4, 5}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {0, 0, 0}, false},
      {2, 3, 4, 1, {5, 6, 7}, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, true},
      {1, 4, 8, 2, {6, 5, 9}, {2, 3, 2}, {2, 1, 2}, {1, 2, 1}, {0, 1, 1, 0, 2, 1}, true},
      {1, 4, 4, 4, {4, 7, 8}, {3, 1, 3}, {1, 2, 3}, {2, 1, 1}, {2, 0, 1}, false},
      {1, 8, 3, 1, {3, 9, 17}, {1, 3, 3}, {1, 1, 2}, {1, 3, 2}, {0, 3, 2}, true},
  };
  return cases;
}

}  // namespace

TEST_CASE("conv3d matches a plain loop", "[op][conv3d]") {
  for (const Case3d& c : Cases()) {
    INFO(Describe(c));
    Tensor x = RandomTensor({c.n, c.cin, c.in[0], c.in[1], c.in[2]}, 11);
    Tensor w = RandomTensor({c.cout, c.cin / c.groups, c.k[0], c.k[1], c.k[2]}, 12);
    Tensor b = RandomTensor({c.cout}, 13);
    OpRunner r("conv3d");
    r.In("Input", "x", x).In("Filter", "w", w).Out("Output", "y");
    if (c.bias) r.In("Bias", "b", b);
    r.Attr("strides", Attribute::Ints({c.s[0], c.s[1], c.s[2]})).Attr("dilations", Attribute::Ints({c.d[0], c.d[1], c.d[2]}))
        .Attr("paddings", Attribute::Ints(c.pads)).Attr("groups", Attribute::Int(c.groups));
    Status s = r.Run();
    INFO(s.ToString());
    REQUIRE(s.ok());
    int64_t p[6], out[3];
    Pads6(c, p);
    for (int i = 0; i < 3; ++i) out[i] = (c.in[i] + p[2 * i] + p[2 * i + 1] - (c.d[i] * (c.k[i] - 1) + 1)) / c.s[i] + 1;
    REQUIRE(r.Get("y").dims() == DDim({c.n, c.cout, out[0], out[1], out[2]}));
    std::vector<float> xv = ToVector(x), wv = ToVector(w), bv = ToVector(b), want;
    const int64_t icg = c.cin / c.groups, ocg = c.cout / c.groups;
    for (int64_t n = 0; n < c.n; ++n)
      for (int64_t oc = 0; oc < c.cout; ++oc)
        for (int64_t od = 0; od < out[0]; ++od)
          for (int64_t oh = 0; oh < out[1]; ++oh)
            for (int64_t ow = 0; ow < out[2]; ++ow) {
              double acc = c.bias ? bv[static_cast<size_t>(oc)] : 0.0;
              for (int64_t ic = 0; ic < icg; ++ic)
                for (int64_t kd = 0; kd < c.k[0]; ++kd)
                  for (int64_t kh = 0; kh < c.k[1]; ++kh)
                    for (int64_t kw = 0; kw < c.k[2]; ++kw) {
                      int64_t z = od * c.s[0] - p[0] + kd * c.d[0], yy = oh * c.s[1] - p[2] + kh * c.d[1],
                              xx = ow * c.s[2] - p[4] + kw * c.d[2];
                      if (z < 0 || z >= c.in[0] || yy < 0 || yy >= c.in[1] || xx < 0 || xx >= c.in[2]) continue;
                      int64_t ci = (oc / ocg) * icg + ic;
                      acc += static_cast<double>(xv[static_cast<size_t>((((n * c.cin + ci) * c.in[0] + z) * c.in[1] + yy) * c.in[2] + xx)]) *
                             wv[static_cast<size_t>((((oc * icg + ic) * c.k[0] + kd) * c.k[1] + kh) * c.k[2] + kw)];
                    }
              want.push_back(static_cast<float>(acc));
            }
    std::string why;
    CHECK(AllClose(ToVector(r.Get("y")), want, 1e-4f, 1e-4f, &why));
    INFO(why);
    // The reference loop other devices' tests use agrees with this one.
    Conv3dGeometry g;
    g.batch = c.n; g.in_c = c.cin; g.out_c = c.cout; g.groups = c.groups;
    for (int i = 0; i < 3; ++i) {
      g.in[i] = c.in[i]; g.out[i] = out[i]; g.kernel[i] = c.k[i]; g.stride[i] = c.s[i]; g.dilation[i] = c.d[i];
      g.pad[i] = p[2 * i]; g.pad_end[i] = p[2 * i + 1];
    }
    std::vector<double> rv = ref::Conv3d(g, xv, wv, c.bias ? bv.data() : nullptr);
    CHECK(AllClose(std::vector<float>(rv.begin(), rv.end()), want, 1e-5f, 1e-5f));
  }
}

TEST_CASE("conv3d SAME/VALID padding and bad inputs", "[op][conv3d]") {
  Tensor x = RandomTensor({1, 2, 5, 6, 7}, 3);
  Tensor w = RandomTensor({3, 2, 3, 3, 3}, 4);
  OpRunner same("conv3d");
  same.In("Input", "x", x).In("Filter", "w", w).Out("Output", "y").Attr("strides", Attribute::Ints({2, 2, 2}))
      .Attr("padding_algorithm", Attribute::String("SAME"));
  REQUIRE(same.Run().ok());
  CHECK(same.Get("y").dims() == DDim({1, 3, 3, 3, 4}));
  OpRunner valid("conv3d");
  valid.In("Input", "x", x).In("Filter", "w", w).Out("Output", "y").Attr("paddings", Attribute::Ints({1, 1, 1}))
      .Attr("padding_algorithm", Attribute::String("VALID"));
  REQUIRE(valid.Run().ok());
  CHECK(valid.Get("y").dims() == DDim({1, 3, 3, 4, 5}));

  OpRunner bad("conv3d");
  bad.In("Input", "x", x).In("Filter", "w", RandomTensor({3, 3, 3, 3, 3}, 4)).Out("Output", "y");
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("Filter") != std::string::npos);
  OpRunner bad2("conv3d");
  bad2.In("Input", "x", x).In("Filter", "w", w).Out("Output", "y").Attr("strides", Attribute::Ints({1, 1}));
  s = bad2.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("strides") != std::string::npos);
  OpRunner bad3("conv3d");
  bad3.In("Input", "x", x).In("Filter", "w", w).Out("Output", "y").Attr("data_format", Attribute::String("NDHWC"));
  CHECK(bad3.Run().code() == StatusCode::kUnimplemented);
}

TEST_CASE("conv3d_transpose matches a plain scatter loop", "[op][conv3d_transpose]") {
  for (const Case3d& c : Cases()) {
    for (int64_t opad : {0, 1}) {
      if (opad && c.s[0] == 1 && c.d[0] == 1) continue;  // output_padding must be below max(stride, dilation)
      INFO(Describe(c) << " output_padding " << opad);
      // Transposed: Input has cin channels, Filter [cin, cout/groups, k...], Output cout channels.
      Tensor x = RandomTensor({c.n, c.cin, c.in[0], c.in[1], c.in[2]}, 21);
      Tensor w = RandomTensor({c.cin, c.cout / c.groups, c.k[0], c.k[1], c.k[2]}, 22);
      Tensor b = RandomTensor({c.cout}, 23);
      OpRunner r("conv3d_transpose");
      r.In("Input", "x", x).In("Filter", "w", w).Out("Output", "y");
      if (c.bias) r.In("Bias", "b", b);
      r.Attr("strides", Attribute::Ints({c.s[0], c.s[1], c.s[2]})).Attr("dilations", Attribute::Ints({c.d[0], c.d[1], c.d[2]}))
          .Attr("paddings", Attribute::Ints(c.pads)).Attr("groups", Attribute::Int(c.groups));
      if (opad) r.Attr("output_padding", Attribute::Ints({opad, 0, 0}));
      Status s = r.Run();
      INFO(s.ToString());
      REQUIRE(s.ok());
      int64_t p[6], out[3];
      Pads6(c, p);
      for (int i = 0; i < 3; ++i) out[i] = (c.in[i] - 1) * c.s[i] - p[2 * i] - p[2 * i + 1] + c.d[i] * (c.k[i] - 1) + 1;
      out[0] += opad;
      REQUIRE(r.Get("y").dims() == DDim({c.n, c.cout, out[0], out[1], out[2]}));
      std::vector<float> xv = ToVector(x), wv = ToVector(w), bv = ToVector(b);
      const int64_t osz = out[0] * out[1] * out[2], icg = c.cin / c.groups, ocg = c.cout / c.groups;
      std::vector<double> acc(static_cast<size_t>(c.n * c.cout * osz), 0.0);
      for (int64_t n = 0; n < c.n; ++n)
        for (int64_t ic = 0; ic < c.cin; ++ic)
          for (int64_t z = 0; z < c.in[0]; ++z)
            for (int64_t yy = 0; yy < c.in[1]; ++yy)
              for (int64_t xx = 0; xx < c.in[2]; ++xx)
                for (int64_t o = 0; o < ocg; ++o)
                  for (int64_t kd = 0; kd < c.k[0]; ++kd)
                    for (int64_t kh = 0; kh < c.k[1]; ++kh)
                      for (int64_t kw = 0; kw < c.k[2]; ++kw) {
                        int64_t od = z * c.s[0] - p[0] + kd * c.d[0], oh = yy * c.s[1] - p[2] + kh * c.d[1],
                                ow = xx * c.s[2] - p[4] + kw * c.d[2];
                        if (od < 0 || od >= out[0] || oh < 0 || oh >= out[1] || ow < 0 || ow >= out[2]) continue;
                        int64_t oc = (ic / icg) * ocg + o;
                        acc[static_cast<size_t>((n * c.cout + oc) * osz + (od * out[1] + oh) * out[2] + ow)] +=
                            static_cast<double>(xv[static_cast<size_t>((((n * c.cin + ic) * c.in[0] + z) * c.in[1] + yy) * c.in[2] + xx)]) *
                            wv[static_cast<size_t>((((ic * ocg + o) * c.k[0] + kd) * c.k[1] + kh) * c.k[2] + kw)];
                      }
      std::vector<float> want;
      for (size_t i = 0; i < acc.size(); ++i)
        want.push_back(static_cast<float>(acc[i] + (c.bias ? bv[(i / static_cast<size_t>(osz)) % static_cast<size_t>(c.cout)] : 0.0)));
      std::string why;
      CHECK(AllClose(ToVector(r.Get("y")), want, 1e-4f, 1e-4f, &why));
      INFO(why);
      Conv3dGeometry g;
      g.batch = c.n; g.in_c = c.cin; g.out_c = c.cout; g.groups = c.groups;
      for (int i = 0; i < 3; ++i) {
        g.in[i] = c.in[i]; g.out[i] = out[i]; g.kernel[i] = c.k[i]; g.stride[i] = c.s[i]; g.dilation[i] = c.d[i];
        g.pad[i] = p[2 * i]; g.pad_end[i] = p[2 * i + 1];
      }
      std::vector<double> rv = ref::Conv3dTranspose(g, xv, wv, c.bias ? bv.data() : nullptr);
      CHECK(AllClose(std::vector<float>(rv.begin(), rv.end()), want, 1e-5f, 1e-5f));
    }
  }
}

TEST_CASE("conv3d_transpose output_size and bad inputs", "[op][conv3d_transpose]") {
  Tensor x = RandomTensor({1, 2, 3, 4, 5}, 3);
  Tensor w = RandomTensor({2, 3, 3, 3, 3}, 4);
  OpRunner r("conv3d_transpose");
  r.In("Input", "x", x).In("Filter", "w", w).Out("Output", "y").Attr("strides", Attribute::Ints({2, 2, 2}))
      .Attr("output_size", Attribute::Ints({8, 9, 12}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({1, 3, 8, 9, 12}));
  OpRunner bad("conv3d_transpose");
  bad.In("Input", "x", x).In("Filter", "w", w).Out("Output", "y").Attr("strides", Attribute::Ints({2, 2, 2}))
      .Attr("output_size", Attribute::Ints({9, 9, 11}));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("output_size") != std::string::npos);
  OpRunner bad2("conv3d_transpose");
  bad2.In("Input", "x", x).In("Filter", "w", RandomTensor({3, 3, 3, 3, 3}, 4)).Out("Output", "y");
  s = bad2.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("Filter") != std::string::npos);
}
