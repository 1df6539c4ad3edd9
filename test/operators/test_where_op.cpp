// where: three-way numpy broadcasting against a plain loop.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("where picks X or Y with all three broadcast", "[op][where]") {
  Tensor c(DataType::kBool, DDim({2, 1, 4}));
  bool* cv = c.mutable_data<bool>();
  for (int i = 0; i < 8; ++i) cv[i] = (i * 7) % 3 == 0;
  Tensor x = RandomTensor({3, 1}, 1), y = RandomTensor({4}, 2);
  OpRunner r("where");
  r.In("Condition", "c", c).In("X", "x", x).In("Y", "y", y).Out("Out", "z");
  REQUIRE(r.Run().ok());
  const Tensor& z = r.Get("z");
  CHECK(z.dims() == DDim({2, 3, 4}));
  std::vector<float> xv = ToVector(x), yv = ToVector(y), zv = ToVector(z);
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int d = 0; d < 4; ++d)
        CHECK(zv[static_cast<size_t>((a * 3 + b) * 4 + d)] == (cv[a * 4 + d] ? xv[static_cast<size_t>(b)] : yv[static_cast<size_t>(d)]));
}

TEST_CASE("where needs a bool condition and equal X/Y dtypes", "[op][where]") {
  OpRunner r("where");
  r.In("Condition", "c", RandomTensor({2}, 1)).In("X", "x", RandomTensor({2}, 2)).In("Y", "y", RandomTensor({2}, 3)).Out("Out", "z");
  CHECK_FALSE(r.Run().ok());
}
