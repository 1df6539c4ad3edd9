// batch_norm (inference) against the formula written out here.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct BnInputs {
  Tensor x, scale, bias, mean, var;
};

BnInputs MakeInputs(const DDim& dims, uint32_t seed) {
  const int64_t c = dims[1];
  return {RandomTensor(dims, seed, -3.f, 3.f), RandomTensor({c}, seed + 1, 0.5f, 2.f),
          RandomTensor({c}, seed + 2), RandomTensor({c}, seed + 3), RandomTensor({c}, seed + 4, 0.1f, 3.f)};
}

OpRunner& Configure(OpRunner& r, const BnInputs& in) {
  return r.In("X", "x", in.x).In("Scale", "scale", in.scale).In("Bias", "bias", in.bias)
      .In("Mean", "mean", in.mean).In("Variance", "var", in.var).Out("Y", "y");
}

std::vector<float> Expected(const BnInputs& in, float eps) {
  const DDim& d = in.x.dims();
  const int64_t c = d[1], inner = in.x.numel() / d[0] / c;
  std::vector<float> x = ToVector(in.x), s = ToVector(in.scale), b = ToVector(in.bias), m = ToVector(in.mean),
                     v = ToVector(in.var), y(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    size_t ch = (i / static_cast<size_t>(inner)) % static_cast<size_t>(c);
    y[i] = static_cast<float>((x[i] - m[ch]) / std::sqrt(v[ch] + eps) * s[ch] + b[ch]);
  }
  return y;
}

}  // namespace

TEST_CASE("batch_norm matches the formula on rank 2 and 4 inputs", "[op][batch_norm]") {
  uint32_t seed = 1;
  std::vector<DDim> shapes;
  for (int64_t c : {1, 3, 4, 8, 9, 16, 17}) {
    shapes.push_back(DDim({3, c}));
    for (int64_t w : {1, 7, 8, 9, 17}) shapes.push_back(DDim({2, c, 3, w}));
  }
  for (const DDim& dims : shapes)
    for (float eps : {1e-5f, 1e-3f}) {
      INFO(dims.ToString() << " eps " << eps);
      BnInputs in = MakeInputs(dims, seed++);
      OpRunner r("batch_norm");
      Configure(r, in).Attr("epsilon", Attribute::Float(eps)).Attr("is_test", Attribute::Bool(true));
      REQUIRE(r.Run().ok());
      CHECK(r.Get("y").dims() == dims);
      std::string why;
      CHECK(AllClose(ToVector(r.Get("y")), Expected(in, eps), 1e-5f, 1e-5f, &why));
      INFO(why);
    }
}

TEST_CASE("batch_norm fills its training outputs with the statistics", "[op][batch_norm]") {
  BnInputs in = MakeInputs({2, 5, 3, 3}, 7);
  OpRunner r("batch_norm");
  Configure(r, in).Out("MeanOut", "mo").Out("VarianceOut", "vo").Out("SavedMean", "sm").Out("SavedVariance", "sv");
  REQUIRE(r.Run().ok());
  for (const char* name : {"mo", "sm"}) {
    CHECK(r.Get(name).dims() == DDim({5}));
    CHECK(ToVector(r.Get(name)) == ToVector(in.mean));
  }
  for (const char* name : {"vo", "sv"}) {
    CHECK(r.Get(name).dims() == DDim({5}));
    CHECK(ToVector(r.Get(name)) == ToVector(in.var));
  }
  // Default epsilon is 1e-5.
  std::string why;
  CHECK(AllClose(ToVector(r.Get("y")), Expected(in, 1e-5f), 1e-5f, 1e-5f, &why));
}

TEST_CASE("batch_norm rejects bad shapes and layouts", "[op][batch_norm]") {
  BnInputs in = MakeInputs({1, 4, 2, 2}, 9);
  OpRunner r("batch_norm");
  Configure(r, in).Attr("data_layout", Attribute::String("NHWC"));
  Status s = r.Run();
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("data_layout") != std::string::npos);

  BnInputs bad = in;
  bad.var = RandomTensor({3}, 1);
  OpRunner r2("batch_norm");
  s = Configure(r2, bad).Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("Variance") != std::string::npos);

  BnInputs rank1 = in;
  rank1.x = RandomTensor({4}, 1);
  OpRunner r3("batch_norm");
  s = Configure(r3, rank1).Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("rank") != std::string::npos);
}
