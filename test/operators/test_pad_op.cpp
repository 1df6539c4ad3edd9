// pad2d and pad3d against plain per-element loops written here.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Source index of padded position i (already shifted) in a dim of size n, or -1 for the constant.
int64_t RefSource(int64_t i, int64_t n, const std::string& mode) {
  if (i >= 0 && i < n) return i;
  if (mode == "constant") return -1;
  if (mode == "reflect") return i < 0 ? -i : 2 * n - 2 - i;
  if (mode == "edge" || mode == "replicate") return i < 0 ? 0 : n - 1;
  return ((i % n) + n) % n;  // circular
}

// x viewed as [P, D, H, W]; pads {front, back, top, bottom, left, right}.
std::vector<float> RefPad(const Tensor& x, int64_t P, int64_t D, int64_t H, int64_t W, const int64_t pads[6],
                          const std::string& mode, float value) {
  std::vector<float> v = ToVector(x), res;
  for (int64_t p = 0; p < P; ++p)
    for (int64_t d = 0; d < D + pads[0] + pads[1]; ++d)
      for (int64_t h = 0; h < H + pads[2] + pads[3]; ++h)
        for (int64_t w = 0; w < W + pads[4] + pads[5]; ++w) {
          int64_t sd = RefSource(d - pads[0], D, mode), sh = RefSource(h - pads[2], H, mode),
                  sw = RefSource(w - pads[4], W, mode);
          res.push_back(sd < 0 || sh < 0 || sw < 0 ? value : v[static_cast<size_t>(((p * D + sd) * H + sh) * W + sw)]);
        }
  return res;
}

}  // namespace

TEST_CASE("pad2d matches a plain loop for constant, reflect and edge", "[op][pad]") {
  const std::vector<std::vector<int64_t>> paddings = {{0, 0, 0, 0}, {1, 2, 3, 0}, {2, 2, 2, 2}, {0, 1, 0, 3}};
  for (const std::string mode : {"constant", "reflect", "edge"})
    for (int64_t w : {4, 7, 17})
      for (const auto& pd : paddings) {
        Tensor x = RandomTensor({2, 3, 5, w}, static_cast<uint32_t>(w));
        OpRunner r("pad2d");
        r.In("X", "x", x).Out("Out", "y").Attr("paddings", Attribute::Ints(pd)).Attr("mode", Attribute::String(mode))
            .Attr("pad_value", Attribute::Float(0.5)).Attr("data_format", Attribute::String("NCHW"));
        REQUIRE(r.Run().ok());
        CHECK(r.Get("y").dims() == DDim({2, 3, 5 + pd[0] + pd[1], w + pd[2] + pd[3]}));
        const int64_t pads[6] = {0, 0, pd[0], pd[1], pd[2], pd[3]};
        INFO(mode << " w " << w);
        CHECK(ToVector(r.Get("y")) == RefPad(x, 6, 1, 5, w, pads, mode, 0.5f));
      }
}

TEST_CASE("pad3d matches a plain loop for every mode", "[op][pad]") {
  const std::vector<std::vector<int64_t>> paddings = {{1, 2, 0, 1, 2, 1}, {3, 3, 2, 2, 1, 1}, {0, 0, 0, 0, 0, 2}};
  for (const std::string mode : {"constant", "reflect", "replicate", "circular"})
    for (const auto& pd : paddings) {
      Tensor x = RandomTensor({1, 2, 3, 4, 8}, 17);
      OpRunner r("pad3d");
      r.In("X", "x", x).Out("Out", "y").Attr("paddings", Attribute::Ints(pd)).Attr("mode", Attribute::String(mode))
          .Attr("value", Attribute::Float(-2.0)).Attr("data_format", Attribute::String("NCDHW"));
      REQUIRE(r.Run().ok());
      CHECK(r.Get("y").dims() == DDim({1, 2, 3 + pd[4] + pd[5], 4 + pd[2] + pd[3], 8 + pd[0] + pd[1]}));
      const int64_t pads[6] = {pd[4], pd[5], pd[2], pd[3], pd[0], pd[1]};
      INFO(mode);
      CHECK(ToVector(r.Get("y")) == RefPad(x, 2, 3, 4, 8, pads, mode, -2.f));
    }
  // Circular padding may exceed the dim.
  Tensor x = RandomTensor({1, 1, 1, 2, 3}, 4);
  OpRunner r("pad3d");
  r.In("X", "x", x).Out("Out", "y").Attr("paddings", Attribute::Ints({5, 4, 3, 0, 0, 0}))
      .Attr("mode", Attribute::String("circular"));
  REQUIRE(r.Run().ok());
  const int64_t pads[6] = {0, 0, 3, 0, 5, 4};
  CHECK(ToVector(r.Get("y")) == RefPad(x, 1, 1, 2, 3, pads, "circular", 0));
}

TEST_CASE("pad3d reads the Paddings input and pads int32", "[op][pad]") {
  std::vector<int32_t> vals(2 * 2 * 3);
  for (size_t i = 0; i < vals.size(); ++i) vals[i] = static_cast<int32_t>(i) + 1;
  Tensor x = MakeTypedTensor<int32_t>({1, 1, 2, 2, 3}, vals);
  OpRunner r("pad3d");
  r.In("X", "x", x).In("Paddings", "p", MakeTypedTensor<int32_t>({6}, {1, 0, 0, 1, 1, 0})).Out("Out", "y")
      .Attr("paddings", Attribute::Ints({0, 0, 0, 0, 0, 0})).Attr("value", Attribute::Float(9));
  REQUIRE(r.Run().ok());
  REQUIRE(r.Get("y").dtype() == DataType::kInt32);
  CHECK(r.Get("y").dims() == DDim({1, 1, 3, 3, 4}));
  const int64_t pads[6] = {1, 0, 0, 1, 1, 0};
  CHECK(ToVector(r.Get("y")) == RefPad(x, 1, 2, 2, 3, pads, "constant", 9));
}

TEST_CASE("pad rejects bad modes, layouts and paddings", "[op][pad]") {
  Tensor x = RandomTensor({1, 1, 3, 3}, 1);
  struct Bad {
    std::string type, attr;
    Attribute value;
  };
  Tensor x5 = RandomTensor({1, 1, 3, 3, 3}, 1);
  for (const Bad& b : std::vector<Bad>{{"pad2d", "mode", Attribute::String("circular")},
                                       {"pad3d", "mode", Attribute::String("edge")},
                                       {"pad2d", "data_format", Attribute::String("NHWC")},
                                       {"pad2d", "paddings", Attribute::Ints({1, 1, 1})},
                                       {"pad2d", "paddings", Attribute::Ints({1, -1, 0, 0})}}) {
    OpRunner r(b.type);
    r.In("X", "x", b.type == "pad2d" ? x : x5).Out("Out", "y").Attr(b.attr, b.value);
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find(b.attr) != std::string::npos);
  }
  OpRunner rf("pad2d");
  rf.In("X", "x", x).Out("Out", "y").Attr("mode", Attribute::String("reflect")).Attr("paddings", Attribute::Ints({3, 0, 0, 0}));
  Status s = rf.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("reflect") != std::string::npos);
}
