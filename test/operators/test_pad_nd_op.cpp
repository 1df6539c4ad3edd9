// pad (N-D): constant, reflect, edge and wrap modes, ONNX-layout pads over Axes, cropping, int64 data,
// against numpy's definitions written as index loops.
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

TEST_CASE("pad wraps around (more than once), and takes ONNX-layout pads over an Axes input", "[op][pad]") {
  const int H = 2, W = 3;
  Tensor x = RandomTensor({H, W}, 6);
  std::vector<float> xv = ToVector(x);
  OpRunner r("pad");  // rows: 1 before; cols: 4 before (more than W), 2 after
  r.In("X", "x", x).Out("Out", "y").Attr("mode", Attribute::String("wrap"))
      .Attr("paddings", Attribute::Ints({1, 0, 4, 2}));
  REQUIRE(r.Run().ok());
  const int OH = H + 1, OW = W + 6;
  REQUIRE(r.Get("y").dims() == DDim({OH, OW}));
  std::vector<float> yv = ToVector(r.Get("y"));
  for (int i = 0; i < OH; ++i)
    for (int j = 0; j < OW; ++j) {
      const int si = ((i - 1) % H + H) % H, sj = ((j - 4) % W + W) % W;  // numpy's wrap
      CHECK(yv[static_cast<size_t>(i * OW + j)] == xv[static_cast<size_t>(si * W + sj)]);
    }

  // Axes {-1}: Paddings [begin, end] of the last dim only; {1, 0} lists cols first.
  Tensor x3 = RandomTensor({2, 3, 4}, 7);
  OpRunner a("pad");
  a.In("X", "x", x3).Out("Out", "y").In("Paddings", "p", MakeTypedTensor<int64_t>({2}, {1, 2}))
      .In("Axes", "ax", MakeTypedTensor<int64_t>({1}, {-1})).Attr("pad_value", Attribute::Float(3));
  REQUIRE(a.Run().ok());
  CHECK(a.Get("y").dims() == DDim({2, 3, 7}));
  OpRunner b("pad");
  b.In("X", "x", x3).Out("Out", "y").In("Paddings", "p", MakeTypedTensor<int32_t>({4}, {2, 0, 1, 1}))
      .In("Axes", "ax", MakeTypedTensor<int32_t>({2}, {1, 0}));
  REQUIRE(b.Run().ok());
  CHECK(b.Get("y").dims() == DDim({3, 6, 4}));  // dim 1: +2 before, +1 after; dim 0: +0 before, +1 after
  OpRunner full("pad");
  full.In("X", "x", x3).Out("Out", "y").Attr("paddings", Attribute::Ints({0, 1, 2, 1, 0, 0}));
  REQUIRE(full.Run().ok());
  CHECK(ToVector(b.Get("y")) == ToVector(full.Get("y")));
  OpRunner bad("pad");
  bad.In("X", "x", x3).Out("Out", "y").In("Paddings", "p", MakeTypedTensor<int64_t>({2}, {1, 2}))
      .In("Axes", "ax", MakeTypedTensor<int64_t>({1}, {3}));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axis 3") != std::string::npos);
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
