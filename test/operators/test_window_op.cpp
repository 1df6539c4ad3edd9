// window against values worked out by hand.
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
