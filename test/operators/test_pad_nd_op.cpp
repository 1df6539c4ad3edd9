// pad (N-D): constant, reflect and edge modes, cropping, int64 data, against numpy's definitions written as
// index loops.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("pad pads every dim in constant, reflect and edge modes", "[op][pad]") {
  const int H = 3, W = 4;
  Tensor x = RandomTensor({H, W}, 5);
  std::vector<float> xv = ToVector(x);
  const std::vector<int64_t> pads = {1, 2, 2, 0};  // rows: 1 before, 2 after; cols: 2 before
  for (const char* mode : {"constant", "reflect", "edge"})
    for (bool tensor : {false, true}) {
      INFO(mode);
      OpRunner r("pad");
      r.In("X", "x", x).Out("Out", "y").Attr("mode", Attribute::String(mode)).Attr("pad_value", Attribute::Float(9.5));
      if (tensor) r.In("Paddings", "p", MakeTypedTensor<int32_t>({4}, {1, 2, 2, 0}));
      else r.Attr("paddings", Attribute::Ints(pads));
      REQUIRE(r.Run().ok());
      const int OH = H + 3, OW = W + 2;
      CHECK(r.Get("y").dims() == DDim({OH, OW}));
      std::vector<float> yv = ToVector(r.Get("y"));
      auto src = [&](int o, int before, int n) {
        int c = o - before;
        if (c >= 0 && c < n) return c;
        if (std::string(mode) == "edge") return c < 0 ? 0 : n - 1;
        if (std::string(mode) == "reflect") return c < 0 ? -c : 2 * (n - 1) - c;
        return -1;
      };
      for (int i = 0; i < OH; ++i)
        for (int j = 0; j < OW; ++j) {
          int si = src(i, 1, H), sj = src(j, 2, W);
          float want = si < 0 || sj < 0 ? 9.5f : xv[static_cast<size_t>(si * W + sj)];
          CHECK(yv[static_cast<size_t>(i * OW + j)] == want);
        }
    }
}

TEST_CASE("pad crops with negative pads, pads int64, and rejects bad reflect pads", "[op][pad]") {
  OpRunner r("pad");
  r.In("X", "x", MakeTypedTensor<int64_t>({4}, {1, 2, 3, 4})).Out("Out", "y").Attr("paddings", Attribute::Ints({-1, 2}))
      .Attr("pad_value", Attribute::Float(7));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dtype() == DataType::kInt64);
  CHECK(ToVector(r.Get("y")) == std::vector<float>{2, 3, 4, 7, 7});
  OpRunner bad("pad");
  bad.In("X", "x", RandomTensor({2}, 1)).Out("Out", "y").Attr("paddings", Attribute::Ints({2, 0}))
      .Attr("mode", Attribute::String("reflect"));
  CHECK_FALSE(bad.Run().ok());
  OpRunner len("pad");
  len.In("X", "x", RandomTensor({2, 2}, 1)).Out("Out", "y").Attr("paddings", Attribute::Ints({1, 1}));
  CHECK_FALSE(len.Run().ok());
}
