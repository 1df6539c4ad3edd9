// shape: the input's dims as int32.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("shape returns the dims as a 1-D int32 tensor", "[op][shape]") {
  for (DDim d : {DDim{7}, DDim{1, 3, 224, 17}, DDim{2, 0, 5}}) {
    OpRunner r("shape");
    r.In("Input", "x", RandomTensor(d, 1)).Out("Out", "y");
    REQUIRE(r.Run().ok());
    const Tensor& y = r.Get("y");
    REQUIRE(y.dtype() == DataType::kInt32);
    CHECK(y.dims() == DDim{d.size()});
    std::vector<float> want(d.vec().begin(), d.vec().end());
    CHECK(ToVector(y) == want);
  }
}

TEST_CASE("shape reads only dims, so any element type works", "[op][shape]") {
  OpRunner r("shape");
  r.In("Input", "x", MakeTypedTensor<int64_t>({2, 3}, {1, 2, 3, 4, 5, 6})).Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("y")) == std::vector<float>{2, 3});
}

TEST_CASE("shape follows a new input shape on the next InferShape", "[op][shape]") {
  OpRunner r("shape");
  r.In("Input", "x", RandomTensor({4, 5}, 1)).Out("Out", "y");
  REQUIRE(r.Run().ok());
  r.Mutable("x")->Resize(DDim{9});
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("y")) == std::vector<float>{9});
}

TEST_CASE("shape rejects a dim that does not fit int32", "[op][shape]") {
  OpRunner r("shape");
  r.In("Input", "x", RandomTensor({2}, 1)).Out("Out", "y");
  r.Mutable("x")->Resize(DDim{1LL << 33});  // dims only: nothing that large is allocated
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("int32") != std::string::npos);
}
