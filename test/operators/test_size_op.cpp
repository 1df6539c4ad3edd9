// size: the element count as an int64 scalar.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("size counts elements of any dtype, scalar output", "[op][size]") {
  for (DDim d : {DDim{7}, DDim{2, 3, 4}, DDim{3, 0}, DDim(std::vector<int64_t>{})}) {
    OpRunner r("size");
    r.In("Input", "x", MakeTypedTensor<int32_t>(d, std::vector<int32_t>(static_cast<size_t>(d.numel()), 1))).Out("Out", "y");
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dtype() == DataType::kInt64);
    CHECK(r.Get("y").dims() == DDim(std::vector<int64_t>{}));
    CHECK(r.Get("y").data<int64_t>()[0] == d.numel());
  }
}
