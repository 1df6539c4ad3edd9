// softmax and log_softmax against ref::Softmax (one position at a time, in double) and hand values.
#include <catch2/catch.hpp>

#include <cmath>

#include "operators/kernel/central-arm-func/softmax_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("softmax and log_softmax match the reference on every axis", "[op][softmax]") {
  uint32_t seed = 3;
  for (const char* type : {"softmax", "log_softmax"}) {
    const bool log = std::string(type) == "log_softmax";
    for (int64_t n : {1, 3, 8, 17, 33}) {
      DDim d{2, n, 5};
      for (int64_t axis : {-1, 0, 1, 2, -3}) {
        INFO(type << " " << d.ToString() << " axis " << axis);
        Tensor x = RandomTensor(d, seed++, -10.f, 10.f);
        OpRunner r(type);
        r.In("X", "x", x).Out("Out", "y").Attr("axis", Attribute::Int(axis));
        REQUIRE(r.Run().ok());
        CHECK(r.Get("y").dims() == d);
        const int a = static_cast<int>(axis < 0 ? axis + 3 : axis);
        std::vector<float> in = ToVector(x), want(in.size());
        ref::Softmax(in.data(), want.data(), d.Product(0, a), d[a], d.Product(a + 1, 3), log);
        std::string why;
        bool ok = AllClose(ToVector(r.Get("y")), want, 1e-6f, 1e-5f, &why);
        INFO(why);
        CHECK(ok);
      }
    }
  }
}

TEST_CASE("softmax defaults to the last axis and matches hand values", "[op][softmax]") {
  OpRunner r("softmax");
  r.In("X", "x", MakeTensor({2, 2}, {0, std::log(3.f), 1, 1})).Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(AllClose(ToVector(r.Get("y")), {0.25f, 0.75f, 0.5f, 0.5f}, 1e-6f, 0));

  OpRunner l("log_softmax");
  l.In("X", "x", MakeTensor({1, 2}, {0, 0})).Out("Out", "y");
  REQUIRE(l.Run().ok());
  CHECK(AllClose(ToVector(l.Get("y")), {-std::log(2.f), -std::log(2.f)}, 1e-6f, 0));
}

TEST_CASE("softmax is stable for large inputs", "[op][softmax]") {
  OpRunner r("softmax");
  r.In("X", "x", MakeTensor({1, 3}, {1000.f, 1000.f, -1000.f})).Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(AllClose(ToVector(r.Get("y")), {0.5f, 0.5f, 0.f}, 1e-6f, 0));

  OpRunner l("log_softmax");
  l.In("X", "x", MakeTensor({2, 1}, {1000.f, 0.f})).Out("Out", "y").Attr("axis", Attribute::Int(0));
  REQUIRE(l.Run().ok());
  CHECK(AllClose(ToVector(l.Get("y")), {0.f, -1000.f}, 1e-3f, 0));
}

TEST_CASE("a large softmax takes the parallel paths", "[op][softmax]") {
  for (int64_t axis : {1, 2}) {
    DDim d{64, 40, 24};
    Tensor x = RandomTensor(d, 11, -5.f, 5.f);
    OpRunner r("softmax");
    r.In("X", "x", x).Out("Out", "y").Attr("axis", Attribute::Int(axis));
    REQUIRE(r.Run().ok());
    std::vector<float> in = ToVector(x), want(in.size());
    ref::Softmax(in.data(), want.data(), d.Product(0, static_cast<int>(axis)), d[static_cast<int>(axis)],
                 d.Product(static_cast<int>(axis) + 1, 3), false);
    std::string why;
    bool ok = AllClose(ToVector(r.Get("y")), want, 1e-6f, 1e-5f, &why);
    INFO(why);
    CHECK(ok);
  }
}

TEST_CASE("softmax rejects an out-of-range axis and non-float input", "[op][softmax]") {
  for (int64_t axis : {2, -3}) {
    OpRunner r("softmax");
    r.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "y").Attr("axis", Attribute::Int(axis));
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("axis") != std::string::npos);
  }
  OpRunner r("log_softmax");
  r.In("X", "x", MakeTypedTensor<int32_t>({2}, {1, 2})).Out("Out", "y");
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("float32") != std::string::npos);
}
