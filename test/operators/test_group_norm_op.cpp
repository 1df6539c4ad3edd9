// group_norm, lp pooling (pool2d / pool3d pooling_type lp) and where_index against loops written here.
#include <catch2/catch.hpp>

#include <cmath>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("group_norm matches a plain loop, with and without scale / bias", "[op][group_norm]") {
  const int64_t n = 2, c = 6, hw = 5;
  Tensor x = RandomTensor({n, c, 1, hw}, 3, -2.f, 3.f);
  Tensor scale = RandomTensor({c}, 4), bias = RandomTensor({c}, 5);
  for (int64_t groups : {1, 2, 3, 6})
    for (bool affine : {false, true}) {
      INFO("groups " << groups << " affine " << affine);
      OpRunner r("group_norm");
      r.In("X", "x", x).Out("Y", "y").Out("Mean", "m").Attr("groups", Attribute::Int(groups))
          .Attr("epsilon", Attribute::Float(1e-3f));
      if (affine) r.In("Scale", "s", scale).In("Bias", "b", bias);
      REQUIRE(r.Run().ok());
      std::vector<float> xv = ToVector(x), sv = ToVector(scale), bv = ToVector(bias), want(xv.size());
      const int64_t per = c / groups;
      for (int64_t i = 0; i < n; ++i)
        for (int64_t g = 0; g < groups; ++g) {
          double sum = 0, sq = 0;
          const int64_t base = (i * c + g * per) * hw;
          for (int64_t k = 0; k < per * hw; ++k) sum += xv[static_cast<size_t>(base + k)];
          const double mean = sum / static_cast<double>(per * hw);
          for (int64_t k = 0; k < per * hw; ++k) sq += std::pow(xv[static_cast<size_t>(base + k)] - mean, 2);
          const double sd = std::sqrt(sq / static_cast<double>(per * hw) + 1e-3);
          for (int64_t k = 0; k < per * hw; ++k) {
            const size_t ch = static_cast<size_t>(g * per + k / hw), at = static_cast<size_t>(base + k);
            want[at] = static_cast<float>((xv[at] - mean) / sd * (affine ? sv[ch] : 1) + (affine ? bv[ch] : 0));
          }
          CHECK(ToVector(r.Get("m"))[static_cast<size_t>(i * groups + g)] == Approx(mean).margin(1e-6));
        }
      std::string why;
      CHECK(AllClose(ToVector(r.Get("y")), want, 1e-5f, 1e-5f, &why));
      INFO(why);
    }
  OpRunner bad("group_norm");
  bad.In("X", "x", x).Out("Y", "y").Attr("groups", Attribute::Int(4));
  CHECK_FALSE(bad.Run().ok());
}

TEST_CASE("lp pooling is the p-norm of each window, padding counting as zeros", "[op][pool2d]") {
  Tensor x = RandomTensor({1, 2, 5, 6}, 6);
  const std::vector<float> xv = ToVector(x);
  for (float p : {1.f, 2.f, 3.f})
    for (bool three_d : {false, true}) {
      INFO("p " << p << " 3d " << three_d);
      OpRunner r(three_d ? "pool3d" : "pool2d");
      r.In("X", "x", three_d ? MakeTensor({1, 2, 1, 5, 6}, xv) : x).Out("Out", "y")
          .Attr("pooling_type", Attribute::String("lp")).Attr("norm_p", Attribute::Float(p))
          .Attr("ksize", Attribute::Ints(three_d ? std::vector<int64_t>{1, 3, 2} : std::vector<int64_t>{3, 2}))
          .Attr("strides", Attribute::Ints(three_d ? std::vector<int64_t>{1, 2, 2} : std::vector<int64_t>{2, 2}))
          .Attr("paddings", Attribute::Ints(three_d ? std::vector<int64_t>{0, 1, 1} : std::vector<int64_t>{1, 1}));
      REQUIRE(r.Run().ok());
      std::vector<float> want;  // out 3 x 4 per plane
      for (int c = 0; c < 2; ++c)
        for (int oh = 0; oh < 3; ++oh)
          for (int ow = 0; ow < 4; ++ow) {
            double sum = 0;
            for (int kh = 0; kh < 3; ++kh)
              for (int kw = 0; kw < 2; ++kw) {
                const int ih = oh * 2 - 1 + kh, iw = ow * 2 - 1 + kw;
                if (ih < 0 || ih >= 5 || iw < 0 || iw >= 6) continue;
                sum += std::pow(std::fabs(xv[static_cast<size_t>((c * 5 + ih) * 6 + iw)]), p);
              }
            want.push_back(static_cast<float>(std::pow(sum, 1.0 / p)));
          }
      std::string why;
      CHECK(AllClose(ToVector(r.Get("y")), want, 1e-5f, 1e-5f, &why));
      INFO(why);
    }
}

TEST_CASE("where_index lists the coordinates of nonzero elements", "[op][where_index]") {
  OpRunner r("where_index");
  r.In("Condition", "c", MakeTypedTensor<int32_t>({2, 3}, {0, 5, 0, -1, 0, 2})).Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({3, 2}));
  const int64_t* y = r.Get("y").data<int64_t>();
  CHECK(std::vector<int64_t>(y, y + 6) == std::vector<int64_t>({0, 1, 1, 0, 1, 2}));
}
