// nll_loss against a loop written here from the definition (ONNX's outputs check it again in the
// conformance test).
#include <catch2/catch.hpp>

#include <cmath>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("nll_loss: reductions, weights, ignore_index, int32 labels", "[op][nll_loss]") {
  const int64_t n = 3, c = 4, d = 2;
  Tensor x = RandomTensor({n, c, d}, 1, -3.f, 0.f);
  Tensor w = RandomTensor({c}, 2, 0.5f, 2.f);
  const std::vector<int64_t> labels = {0, 3, 2, 1, 3, 1};  // [n, d]
  const std::vector<float> xv = ToVector(x), wv = ToVector(w);
  for (const char* reduction : {"none", "sum", "mean"})
    for (bool weighted : {false, true})
      for (bool int32 : {false, true}) {
        INFO(reduction << " weighted " << weighted << " int32 " << int32);
        OpRunner r("nll_loss");
        r.In("X", "x", x).Out("Out", "y").Out("Total_weight", "tw").Attr("reduction", Attribute::String(reduction))
            .Attr("ignore_index", Attribute::Int(3));
        if (int32) r.In("Label", "l", MakeTypedTensor<int32_t>({n, d}, {0, 3, 2, 1, 3, 1}));
        else r.In("Label", "l", MakeTypedTensor<int64_t>({n, d}, labels));
        if (weighted) r.In("Weight", "w", w);
        REQUIRE(r.Run().ok());
        std::vector<float> each;
        double sum = 0, weights = 0;
        for (int64_t i = 0; i < n; ++i)
          for (int64_t j = 0; j < d; ++j) {
            const int64_t t = labels[static_cast<size_t>(i * d + j)];
            const double wt = t == 3 ? 0 : weighted ? wv[static_cast<size_t>(t)] : 1;
            const double loss = t == 3 ? 0 : -xv[static_cast<size_t>((i * c + t) * d + j)] * wt;
            each.push_back(static_cast<float>(loss));
            sum += loss;
            weights += wt;
          }
        const std::string red = reduction;
        const float total = static_cast<float>(red == "sum" ? sum : sum / weights);
        std::vector<float> want = red == "none" ? each : std::vector<float>{total};
        CHECK(r.Get("y").dims() == (red == "none" ? DDim({n, d}) : DDim(std::vector<int64_t>{})));
        std::string why;
        CHECK(AllClose(ToVector(r.Get("y")), want, 1e-6f, 1e-5f, &why));
        INFO(why);
        CHECK(ToVector(r.Get("tw"))[0] == Approx(weights));
      }
  OpRunner bad("nll_loss");  // a class outside [0, C)
  bad.In("X", "x", x).In("Label", "l", MakeTypedTensor<int64_t>({n, d}, {0, 4, 0, 0, 0, 0})).Out("Out", "y");
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("Label[1] = 4") != std::string::npos);
  OpRunner all("nll_loss");  // every position ignored: the mean is 0 / 0
  all.In("X", "x", RandomTensor({1, 2}, 3)).In("Label", "l", MakeTypedTensor<int64_t>({1}, {1})).Out("Out", "y")
      .Attr("ignore_index", Attribute::Int(1));
  REQUIRE(all.Run().ok());
  CHECK(std::isnan(ToVector(all.Get("y"))[0]));
}
