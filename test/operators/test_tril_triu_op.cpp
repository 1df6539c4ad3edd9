// tril_triu: triangles of the last two dims, diagonal from the attribute or the Diagonal input.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("tril_triu keeps the lower or upper triangle for any diagonal", "[op][tril_triu]") {
  Tensor x = RandomTensor({2, 3, 5}, 7);
  std::vector<float> xv = ToVector(x);
  for (bool lower : {true, false})
    for (int k : {-4, -1, 0, 2, 6})
      for (bool tensor : {false, true}) {
        OpRunner r("tril_triu");
        r.In("X", "x", x).Out("Out", "y").Attr("lower", Attribute::Bool(lower));
        if (tensor) r.In("Diagonal", "k", MakeTypedTensor<int64_t>(DDim(std::vector<int64_t>{}), {k}));
        else r.Attr("diagonal", Attribute::Int(k));
        REQUIRE(r.Run().ok());
        std::vector<float> yv = ToVector(r.Get("y"));
        for (int m = 0; m < 2; ++m)
          for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 5; ++j) {
              size_t at = static_cast<size_t>((m * 3 + i) * 5 + j);
              bool keep = lower ? j - i <= k : j - i >= k;
              CHECK(yv[at] == (keep ? xv[at] : 0.f));
            }
      }
}

TEST_CASE("tril_triu needs rank >= 2", "[op][tril_triu]") {
  OpRunner r("tril_triu");
  r.In("X", "x", RandomTensor({4}, 1)).Out("Out", "y");
  CHECK_FALSE(r.Run().ok());
}
