// Activation ops against a plain reference written here, independently of the kernels.
#include <catch2/catch.hpp>

#include <cmath>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("relu matches max(x, 0)", "[op][activation]") {
  for (int64_t n : {1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33}) {
    Tensor x = RandomTensor({2, n}, static_cast<uint32_t>(n));
    OpRunner r("relu");
    r.In("X", "x", x).Out("Out", "y");
    REQUIRE(r.Run().ok());
    std::vector<float> in = ToVector(x), want(in.size());
    for (size_t i = 0; i < in.size(); ++i) want[i] = in[i] > 0 ? in[i] : 0;
    std::string why;
    CHECK(r.Get("y").dims() == x.dims());
    CHECK(AllClose(ToVector(r.Get("y")), want, 0, 0, &why));
  }
}

TEST_CASE("relu rejects a non-float input", "[op][activation]") {
  OpRunner r("relu");
  r.In("X", "x", MakeTypedTensor<int32_t>({2}, {1, -1})).Out("Out", "y");
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("float32") != std::string::npos);
}
