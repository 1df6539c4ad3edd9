// cumsum: running sums, exclusive and reverse, against plain loops.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("cumsum along an axis, exclusive and reverse", "[op][cumsum]") {
  Tensor x = RandomTensor({2, 5, 3}, 9);
  std::vector<float> xv = ToVector(x);
  for (bool exclusive : {false, true})
    for (bool reverse : {false, true})
      for (bool tensor : {false, true}) {
        OpRunner r("cumsum");
        r.In("X", "x", x).Out("Out", "y").Attr("exclusive", Attribute::Bool(exclusive)).Attr("reverse", Attribute::Bool(reverse));
        if (tensor) r.In("AxisTensor", "a", MakeTypedTensor<int32_t>({1}, {-2}));
        else r.Attr("axis", Attribute::Int(1));
        REQUIRE(r.Run().ok());
        std::vector<float> yv = ToVector(r.Get("y"));
        for (int o = 0; o < 2; ++o)
          for (int in = 0; in < 3; ++in)
            for (int j = 0; j < 5; ++j) {
              double want = 0;
              for (int k = 0; k < 5; ++k) {
                bool take = reverse ? (exclusive ? k > j : k >= j) : (exclusive ? k < j : k <= j);
                if (take) want += xv[static_cast<size_t>((o * 5 + k) * 3 + in)];
              }
              CHECK(yv[static_cast<size_t>((o * 5 + j) * 3 + in)] == Approx(want).margin(1e-6));
            }
      }
}

TEST_CASE("cumprod along Paddle's dim, exclusive and reverse; int32 products wrap", "[op][cumsum]") {
  Tensor x = RandomTensor({3, 4}, 5, 0.5f, 2.f);
  std::vector<float> xv = ToVector(x);
  for (bool exclusive : {false, true})
    for (bool reverse : {false, true}) {
      OpRunner r("cumprod");
      r.In("X", "x", x).Out("Out", "y").Attr("dim", Attribute::Int(1)).Attr("exclusive", Attribute::Bool(exclusive))
          .Attr("reverse", Attribute::Bool(reverse));
      REQUIRE(r.Run().ok());
      std::vector<float> yv = ToVector(r.Get("y"));
      for (int o = 0; o < 3; ++o)
        for (int j = 0; j < 4; ++j) {
          double want = 1;
          for (int k = 0; k < 4; ++k)
            if (reverse ? (exclusive ? k > j : k >= j) : (exclusive ? k < j : k <= j))
              want *= xv[static_cast<size_t>(o * 4 + k)];
          CHECK(yv[static_cast<size_t>(o * 4 + j)] == Approx(want).epsilon(1e-6));
        }
    }
  OpRunner w("cumprod");
  w.In("X", "x", MakeTypedTensor<int32_t>({3}, {65536, 65536, 3})).Out("Out", "y").Attr("dim", Attribute::Int(0));
  REQUIRE(w.Run().ok());
  const int32_t* y = w.Get("y").data<int32_t>();
  CHECK(std::vector<int32_t>(y, y + 3) == std::vector<int32_t>({65536, 0, 0}));  // 2^32 wraps to 0
}

TEST_CASE("cumsum on int64 and an out-of-range axis", "[op][cumsum]") {
  OpRunner r("cumsum");
  r.In("X", "x", MakeTypedTensor<int64_t>({4}, {1, 2, 3, 4})).Out("Out", "y").Attr("axis", Attribute::Int(0));
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("y")) == std::vector<float>{1, 3, 6, 10});
  OpRunner bad("cumsum");
  bad.In("X", "x", RandomTensor({4}, 1)).Out("Out", "y").Attr("axis", Attribute::Int(1));
  CHECK_FALSE(bad.Run().ok());
}
