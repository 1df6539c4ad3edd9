// window and center_crop_pad against values worked out by hand.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("window: hann, hamming and blackman, periodic and symmetric", "[op][window]") {
  auto run = [](const char* w, int64_t n, bool periodic) {
    OpRunner r("window");
    r.In("Size", "n", MakeTypedTensor<int64_t>({1}, {n})).Out("Out", "y").Attr("window", Attribute::String(w))
        .Attr("periodic", Attribute::Bool(periodic));
    REQUIRE(r.Run().ok());
    return ToVector(r.Get("y"));
  };
  CHECK(AllClose(run("hann", 4, true), {0.f, 0.5f, 1.f, 0.5f}, 1e-6f, 0.f));
  CHECK(AllClose(run("hann", 5, false), {0.f, 0.5f, 1.f, 0.5f, 0.f}, 1e-6f, 0.f));
  CHECK(AllClose(run("hamming", 2, false), {4.f / 46, 4.f / 46}, 1e-6f, 0.f));  // 25/46 - 21/46 at both ends
  CHECK(AllClose(run("blackman", 3, false), {0.f, 1.f, 0.f}, 1e-6f, 0.f));      // 0.42 + 0.5 + 0.08 mid
  CHECK(run("hann", 0, true).empty());
  OpRunner bad("window");
  bad.In("Size", "n", MakeTypedTensor<int64_t>({1}, {3})).Out("Out", "y").Attr("window", Attribute::String("kaiser"));
  CHECK_FALSE(bad.Run().ok());
}

TEST_CASE("center_crop_pad crops a larger dim to its centre and pads a smaller one around it",
          "[op][center_crop_pad]") {
  OpRunner r("center_crop_pad");  // rows 4 -> 2 (start 1), cols 2 -> 5 (1 zero before, 2 after)
  r.In("X", "x", MakeTensor({4, 2}, {1, 2, 3, 4, 5, 6, 7, 8})).In("Shape", "s", MakeTypedTensor<int64_t>({2}, {2, 5}))
      .Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({2, 5}));
  CHECK(ToVector(r.Get("y")) == std::vector<float>({0, 3, 4, 0, 0, 0, 5, 6, 0, 0}));
  OpRunner a("center_crop_pad");  // axes {-1} only
  a.In("X", "x", MakeTensor({1, 3}, {1, 2, 3})).In("Shape", "s", MakeTypedTensor<int32_t>({1}, {1})).Out("Out", "y")
      .Attr("axes", Attribute::Ints({-1}));
  REQUIRE(a.Run().ok());
  CHECK(ToVector(a.Get("y")) == std::vector<float>({2}));
}
