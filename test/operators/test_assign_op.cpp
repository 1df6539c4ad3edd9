// assign: Out is an independent copy of X for every element type.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("assign copies float tensors of any size", "[op][assign]") {
  for (int64_t n : {1, 3, 16, 33}) {
    Tensor x = RandomTensor({n, 2}, static_cast<uint32_t>(n));
    OpRunner r("assign");
    r.In("X", "x", x).Out("Out", "y");
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dims() == x.dims());
    CHECK(ToVector(r.Get("y")) == ToVector(x));
    CHECK_FALSE(r.Get("y").SharesStorageWith(r.Get("x")));
  }
}

TEST_CASE("assign keeps the element type", "[op][assign]") {
  {
    OpRunner r("assign");
    r.In("X", "x", MakeTypedTensor<int64_t>({3}, {-5, 1LL << 40, 7})).Out("Out", "y");
    REQUIRE(r.Run().ok());
    REQUIRE(r.Get("y").dtype() == DataType::kInt64);
    CHECK(r.Get("y").data<int64_t>()[1] == (1LL << 40));
    CHECK(r.Get("y").data<int64_t>()[0] == -5);
  }
  {
    OpRunner r("assign");
    r.In("X", "x", MakeTypedTensor<uint8_t>({2, 2}, {0, 255, 3, 9})).Out("Out", "y");
    REQUIRE(r.Run().ok());
    REQUIRE(r.Get("y").dtype() == DataType::kUInt8);
    CHECK(r.Get("y").dims() == DDim{2, 2});
    CHECK(r.Get("y").data<uint8_t>()[1] == 255);
    CHECK(r.Get("y").data<uint8_t>()[3] == 9);
  }
}

TEST_CASE("assign needs its X input", "[op][assign]") {
  OpRunner r("assign");
  r.Out("Out", "y");
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("X") != std::string::npos);
}
