// lrn against Paddle's formula written out here (alpha not divided by n) and ref::Lrn.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "operators/kernel/central-arm-func/lrn_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("lrn matches Paddle's formula", "[op][lrn]") {
  uint32_t seed = 1;
  for (int64_t c : {1, 3, 4, 8, 9, 17})
    for (int64_t w : {1, 7, 8, 9})
      for (int64_t n : {1, 3, 5}) {
        const float k = 2.f, alpha = 0.5f, beta = 0.75f;  // a large alpha so the window sum matters
        DDim dims({2, c, 2, w});
        INFO(dims.ToString() << " n " << n);
        Tensor x = RandomTensor(dims, seed++, -2.f, 2.f);
        OpRunner r("lrn");
        r.In("X", "x", x).Out("Out", "y").Out("MidOut", "mid").Attr("n", Attribute::Int(n))
            .Attr("k", Attribute::Float(k)).Attr("alpha", Attribute::Float(alpha)).Attr("beta", Attribute::Float(beta));
        REQUIRE(r.Run().ok());
        CHECK(r.Get("y").dims() == dims);
        CHECK(r.Get("mid").dims() == dims);
        std::vector<float> xv = ToVector(x), want(xv.size()), want_mid(xv.size());
        const int64_t hw = 2 * w;
        for (int64_t b = 0; b < 2; ++b)
          for (int64_t ch = 0; ch < c; ++ch)
            for (int64_t i = 0; i < hw; ++i) {
              double sum = 0;
              for (int64_t j = ch - n / 2; j <= ch + n / 2; ++j)
                if (j >= 0 && j < c) sum += std::pow(xv[static_cast<size_t>((b * c + j) * hw + i)], 2);
              const size_t at = static_cast<size_t>((b * c + ch) * hw + i);
              want_mid[at] = static_cast<float>(k + alpha * sum);
              want[at] = static_cast<float>(xv[at] / std::pow(k + alpha * sum, beta));
            }
        std::string why;
        CHECK(AllClose(ToVector(r.Get("y")), want, 1e-5f, 1e-4f, &why));
        INFO(why);
        CHECK(AllClose(ToVector(r.Get("mid")), want_mid, 1e-5f, 1e-4f, &why));
        std::vector<float> ref_out(xv.size()), ref_mid(xv.size());
        ref::Lrn(xv.data(), 2, c, hw, n, k, alpha, beta, ref_out.data(), ref_mid.data());
        CHECK(AllClose(ToVector(r.Get("y")), ref_out, 1e-5f, 1e-4f, &why));
      }
}

TEST_CASE("lrn: every beta path (0.75, 0.5, 1 by sqrt / division, others by pow), chunks, two threads",
          "[op][lrn]") {
  // [2, 20, 37, 41]: 1517 positions per channel, one full 1024-position chunk and a partial one per image.
  const DDim dims({2, 20, 37, 41});
  Tensor x = RandomTensor(dims, 77, -3.f, 3.f);
  std::vector<float> xv = ToVector(x);
  for (float beta : {0.75f, 0.5f, 1.f, 0.6f}) {
    INFO("beta " << beta);
    OpRunner r("lrn");
    r.In("X", "x", x).Out("Out", "y").Attr("n", Attribute::Int(5)).Attr("k", Attribute::Float(1.f))
        .Attr("alpha", Attribute::Float(0.3f)).Attr("beta", Attribute::Float(beta));
    REQUIRE(r.Run().ok());
    std::vector<float> want(xv.size()), mid(xv.size());
    ref::Lrn(xv.data(), 2, 20, 37 * 41, 5, 1.f, 0.3f, beta, want.data(), mid.data());
    std::string why;
    CHECK(AllClose(ToVector(r.Get("y")), want, 1e-5f, 1e-5f, &why));
    INFO(why);
  }
}

TEST_CASE("lrn uses Paddle's defaults without MidOut", "[op][lrn]") {
  Tensor x = RandomTensor({1, 6, 3, 3}, 5, -10.f, 10.f);
  OpRunner r("lrn");
  r.In("X", "x", x).Out("Out", "y");
  REQUIRE(r.Run().ok());
  std::vector<float> xv = ToVector(x), y = ToVector(r.Get("y"));
  // Channel 0, position 0: window channels 0..2, k = 2, alpha = 1e-4, beta = 0.75.
  double sum = 0;
  for (int j = 0; j < 3; ++j) sum += std::pow(xv[static_cast<size_t>(j * 9)], 2);
  CHECK(y[0] == Approx(xv[0] / std::pow(2 + 1e-4 * sum, 0.75)).epsilon(1e-5));
}

TEST_CASE("lrn rejects bad attributes", "[op][lrn]") {
  auto run = [](const char* name, const Attribute& a) {
    OpRunner r("lrn");
    r.In("X", "x", RandomTensor({1, 4, 2, 2}, 1)).Out("Out", "y").Attr(name, a);
    return r.Run();
  };
  Status s = run("n", Attribute::Int(4));
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("attribute n") != std::string::npos);
  s = run("beta", Attribute::Float(-1));
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("beta") != std::string::npos);
  s = run("data_format", Attribute::String("NHWC"));
  CHECK(s.code() == StatusCode::kUnimplemented);
  OpRunner r("lrn");
  r.In("X", "x", RandomTensor({4, 2}, 1)).Out("Out", "y");
  s = r.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("4-D") != std::string::npos);
}
