// shuffle_channel against its index formula, written here as a plain loop.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("shuffle_channel matches Out[j*g+i] = X[i*(C/g)+j]", "[op][shuffle_channel]") {
  for (int64_t g : {1, 2, 3, 4})
    for (int64_t per : {1, 3, 8})
      for (int64_t hw : {1, 7, 16}) {
        const int64_t n = 2, C = g * per;
        Tensor x = RandomTensor({n, C, 1, hw}, static_cast<uint32_t>(g * 100 + per * 10 + hw));
        OpRunner op("shuffle_channel");
        op.In("X", "x", x).Out("Out", "y").Attr("group", Attribute::Int(g));
        REQUIRE(op.Run().ok());
        REQUIRE(op.Get("y").dims() == x.dims());
        std::vector<float> v = ToVector(x), got = ToVector(op.Get("y"));
        bool ok = true;
        for (int64_t b = 0; b < n; ++b)
          for (int64_t i = 0; i < g; ++i)
            for (int64_t j = 0; j < per; ++j)
              for (int64_t s = 0; s < hw; ++s)
                ok = ok && got[static_cast<size_t>((b * C + j * g + i) * hw + s)] ==
                               v[static_cast<size_t>((b * C + i * per + j) * hw + s)];
        CHECK(ok);
      }
}

TEST_CASE("shuffle_channel moves int32 and rejects a group that does not divide C", "[op][shuffle_channel]") {
  OpRunner op("shuffle_channel");
  op.In("X", "x", MakeTypedTensor<int32_t>({1, 4, 1, 1}, {10, 11, 12, 13})).Out("Out", "y").Attr("group", Attribute::Int(2));
  REQUIRE(op.Run().ok());
  CHECK(ToVector(op.Get("y")) == std::vector<float>{10, 12, 11, 13});

  OpRunner bad("shuffle_channel");
  bad.In("X", "x", RandomTensor({1, 6, 2, 2}, 1)).Out("Out", "y").Attr("group", Attribute::Int(4));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("group") != std::string::npos);
}
