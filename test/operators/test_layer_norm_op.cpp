// layer_norm against row statistics computed here, for every begin_norm_axis.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("layer_norm normalizes rows from begin_norm_axis", "[op][layer_norm]") {
  uint32_t seed = 1;
  for (DDim dims : {DDim({2, 3, 4, 5}), DDim({3, 17}), DDim({2, 7, 16}), DDim({1, 1, 9}), DDim({4, 33})})
    for (int axis = 1; axis < dims.size(); ++axis)
      for (bool affine : {true, false}) {
        INFO(dims.ToString() << " axis " << axis << " affine " << affine);
        const int64_t left = dims.Product(0, axis), right = dims.Product(axis, dims.size());
        Tensor x = RandomTensor(dims, seed++, -2.f, 4.f);
        Tensor scale = RandomTensor({right}, seed++), bias = RandomTensor({right}, seed++);
        const float eps = 1e-5f;
        OpRunner r("layer_norm");
        r.In("X", "x", x).Out("Y", "y").Out("Mean", "m").Out("Variance", "v")
            .Attr("begin_norm_axis", Attribute::Int(axis)).Attr("epsilon", Attribute::Float(eps));
        if (affine) r.In("Scale", "s", scale).In("Bias", "b", bias);
        REQUIRE(r.Run().ok());
        CHECK(r.Get("y").dims() == dims);
        CHECK(r.Get("m").dims() == DDim({left}));
        CHECK(r.Get("v").dims() == DDim({left}));
        std::vector<float> xv = ToVector(x), sv = ToVector(scale), bv = ToVector(bias), want(xv.size()), wm, wv;
        for (int64_t row = 0; row < left; ++row) {
          double mean = 0, var = 0;
          for (int64_t i = 0; i < right; ++i) mean += xv[static_cast<size_t>(row * right + i)];
          mean /= right;
          for (int64_t i = 0; i < right; ++i) var += std::pow(xv[static_cast<size_t>(row * right + i)] - mean, 2);
          var /= right;
          for (int64_t i = 0; i < right; ++i) {
            const size_t at = static_cast<size_t>(row * right + i);
            double v = (xv[at] - mean) / std::sqrt(var + eps);
            if (affine) v = v * sv[static_cast<size_t>(i)] + bv[static_cast<size_t>(i)];
            want[at] = static_cast<float>(v);
          }
          wm.push_back(static_cast<float>(mean));
          wv.push_back(static_cast<float>(var));
        }
        std::string why;
        CHECK(AllClose(ToVector(r.Get("y")), want, 1e-4f, 1e-4f, &why));
        INFO(why);
        CHECK(AllClose(ToVector(r.Get("m")), wm, 1e-5f, 1e-5f, &why));
        CHECK(AllClose(ToVector(r.Get("v")), wv, 1e-5f, 1e-5f, &why));
      }
}

TEST_CASE("layer_norm rejects bad attributes and shapes", "[op][layer_norm]") {
  OpRunner r("layer_norm");
  r.In("X", "x", RandomTensor({2, 3}, 1)).Out("Y", "y").Attr("begin_norm_axis", Attribute::Int(2));
  Status s = r.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("begin_norm_axis") != std::string::npos);
  OpRunner r2("layer_norm");
  r2.In("X", "x", RandomTensor({2, 3, 4}, 1)).In("Scale", "s", RandomTensor({4}, 2)).Out("Y", "y");
  s = r2.Run();  // begin_norm_axis 1: Scale needs 12 values
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("Scale") != std::string::npos);
}
