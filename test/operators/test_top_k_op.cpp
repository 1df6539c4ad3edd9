// top_k_v2: against a full sort per row (ties: lower index first).
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("top_k_v2 largest/smallest along an axis, k from the attribute or K input", "[op][top_k]") {
  // Values with ties.
  std::vector<float> xv(3 * 7 * 2);
  for (size_t i = 0; i < xv.size(); ++i) xv[i] = static_cast<float>((i * 5) % 4);
  Tensor x = MakeTensor({3, 7, 2}, xv);
  for (bool largest : {true, false})
    for (int k : {1, 3, 7}) {
      OpRunner r("top_k_v2");
      r.In("X", "x", x).Out("Out", "v").Out("Indices", "i").Attr("axis", Attribute::Int(1)).Attr("largest", Attribute::Bool(largest));
      if (k == 3) r.In("K", "k", MakeTypedTensor<int64_t>({1}, {3}));
      else r.Attr("k", Attribute::Int(k));
      REQUIRE(r.Run().ok());
      CHECK(r.Get("v").dims() == DDim({3, k, 2}));
      CHECK(r.Get("i").dtype() == DataType::kInt64);
      std::vector<float> v = ToVector(r.Get("v"));
      for (int o = 0; o < 3; ++o)
        for (int in = 0; in < 2; ++in) {
          std::vector<int> order(7);
          std::iota(order.begin(), order.end(), 0);
          auto at = [&](int j) { return xv[static_cast<size_t>((o * 7 + j) * 2 + in)]; };
          std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return largest ? at(a) > at(b) : at(a) < at(b); });
          for (int j = 0; j < k; ++j) {
            size_t pos = static_cast<size_t>((o * k + j) * 2 + in);
            CHECK(r.Get("i").data<int64_t>()[pos] == order[static_cast<size_t>(j)]);
            CHECK(v[pos] == at(order[static_cast<size_t>(j)]));
          }
        }
    }
}

TEST_CASE("top_k_v2 rejects k larger than the axis", "[op][top_k]") {
  OpRunner r("top_k_v2");
  r.In("X", "x", RandomTensor({4}, 1)).Out("Out", "v").Out("Indices", "i").Attr("k", Attribute::Int(5));
  CHECK_FALSE(r.Run().ok());
}
