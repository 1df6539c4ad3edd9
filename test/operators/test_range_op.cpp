// range: element count ceil((end - start) / step), values start + i * step.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("range over float32, int32 and int64, positive and negative steps", "[op][range]") {
  {
    OpRunner r("range");
    r.In("Start", "a", MakeTensor({1}, {1.f})).In("End", "b", MakeTensor({1}, {2.6f})).In("Step", "c", MakeTensor({1}, {0.5f})).Out("Out", "y");
    REQUIRE(r.Run().ok());
    CHECK(ToVector(r.Get("y")) == std::vector<float>{1.f, 1.5f, 2.f, 2.5f});
  }
  {
    OpRunner r("range");
    r.In("Start", "a", MakeTypedTensor<int32_t>(DDim(std::vector<int64_t>{}), {10}))
        .In("End", "b", MakeTypedTensor<int32_t>(DDim(std::vector<int64_t>{}), {4}))
        .In("Step", "c", MakeTypedTensor<int32_t>(DDim(std::vector<int64_t>{}), {-3}))
        .Out("Out", "y");
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dtype() == DataType::kInt32);
    CHECK(ToVector(r.Get("y")) == std::vector<float>{10, 7});
  }
  {
    OpRunner r("range");  // empty: end before start with a positive step
    r.In("Start", "a", MakeTypedTensor<int64_t>({1}, {5})).In("End", "b", MakeTypedTensor<int64_t>({1}, {1}))
        .In("Step", "c", MakeTypedTensor<int64_t>({1}, {1})).Out("Out", "y");
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").numel() == 0);
  }
}

TEST_CASE("range rejects a zero step", "[op][range]") {
  OpRunner r("range");
  r.In("Start", "a", MakeTensor({1}, {0.f})).In("End", "b", MakeTensor({1}, {1.f})).In("Step", "c", MakeTensor({1}, {0.f})).Out("Out", "y");
  Status s = r.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("Step") != std::string::npos);
}
