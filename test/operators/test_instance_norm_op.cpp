// instance_norm against per-plane statistics computed here.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("instance_norm normalizes each plane", "[op][instance_norm]") {
  uint32_t seed = 1;
  for (int64_t c : {1, 3, 8, 17})
    for (int64_t w : {1, 3, 8, 9, 16, 17})
      for (int variant = 0; variant < 3; ++variant) {  // 0: scale+bias, 1: none, 2: rank-2 input
        DDim dims = variant == 2 ? DDim({2, c}) : DDim({2, c, 3, w});
        INFO(dims.ToString() << " variant " << variant);
        Tensor x = RandomTensor(dims, seed++, -2.f, 3.f);
        Tensor scale = RandomTensor({c}, seed++), bias = RandomTensor({c}, seed++);
        const float eps = 1e-5f;
        OpRunner r("instance_norm");
        r.In("X", "x", x).Out("Y", "y").Out("SavedMean", "sm").Out("SavedVariance", "sv")
            .Attr("epsilon", Attribute::Float(eps));
        if (variant != 1) r.In("Scale", "s", scale).In("Bias", "b", bias);
        REQUIRE(r.Run().ok());
        CHECK(r.Get("y").dims() == dims);
        CHECK(r.Get("sm").dims() == DDim({2 * c}));
        std::vector<float> xv = ToVector(x), sv = ToVector(scale), bv = ToVector(bias);
        const int64_t size = x.numel() / (2 * c);
        std::vector<float> want(xv.size()), want_mean, want_inv;
        for (int64_t p = 0; p < 2 * c; ++p) {
          double mean = 0, var = 0;
          for (int64_t i = 0; i < size; ++i) mean += xv[static_cast<size_t>(p * size + i)];
          mean /= size;
          for (int64_t i = 0; i < size; ++i) var += std::pow(xv[static_cast<size_t>(p * size + i)] - mean, 2);
          var /= size;
          const double inv = 1 / std::sqrt(var + eps);
          const size_t ch = static_cast<size_t>(p % c);
          for (int64_t i = 0; i < size; ++i) {
            const size_t at = static_cast<size_t>(p * size + i);
            want[at] = static_cast<float>((xv[at] - mean) * inv * (variant != 1 ? sv[ch] : 1.f) +
                                          (variant != 1 ? bv[ch] : 0.f));
          }
          want_mean.push_back(static_cast<float>(mean));
          want_inv.push_back(static_cast<float>(inv));
        }
        std::string why;
        CHECK(AllClose(ToVector(r.Get("y")), want, 1e-4f, 1e-4f, &why));
        INFO(why);
        CHECK(AllClose(ToVector(r.Get("sm")), want_mean, 1e-5f, 1e-5f, &why));
        CHECK(AllClose(ToVector(r.Get("sv")), want_inv, 1e-3f, 1e-4f, &why));
      }
}

TEST_CASE("instance_norm rejects bad shapes", "[op][instance_norm]") {
  OpRunner r("instance_norm");
  r.In("X", "x", RandomTensor({1, 4, 2, 2}, 1)).In("Scale", "s", RandomTensor({3}, 2)).Out("Y", "y");
  Status s = r.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("Scale") != std::string::npos);
  OpRunner r2("instance_norm");
  r2.In("X", "x", RandomTensor({4}, 1)).Out("Y", "y");
  s = r2.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("rank") != std::string::npos);
}
