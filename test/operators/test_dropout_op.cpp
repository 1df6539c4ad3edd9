// dropout at inference against x * factor computed here.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("dropout scales by 1 - p or passes through, and zeroes the mask", "[op][dropout]") {
  struct Variant {
    const char* impl;  // nullptr: attribute absent (downgrade_in_infer)
    float p;
    float factor;
  };
  for (Variant v : {Variant{nullptr, 0.3f, 0.7f}, Variant{"downgrade_in_infer", 0.5f, 0.5f},
                    Variant{"upscale_in_train", 0.3f, 1.f}, Variant{"downgrade_in_infer", 1.f, 0.f}}) {
    for (int64_t n : {1, 7, 16, 33}) {
      INFO((v.impl ? v.impl : "default") << " p " << v.p << " n " << n);
      Tensor x = RandomTensor({2, n}, static_cast<uint32_t>(n));
      OpRunner r("dropout");
      r.In("X", "x", x).Out("Out", "y").Out("Mask", "m");
      r.Attr("dropout_prob", Attribute::Float(v.p)).Attr("is_test", Attribute::Bool(true));
      if (v.impl) r.Attr("dropout_implementation", Attribute::String(v.impl));
      REQUIRE(r.Run().ok());
      std::vector<float> in = ToVector(x), want(in.size());
      for (size_t i = 0; i < in.size(); ++i) want[i] = in[i] * v.factor;
      CHECK(AllClose(ToVector(r.Get("y")), want, 0, 1e-7f));
      const Tensor& m = r.Get("m");
      REQUIRE(m.dtype() == DataType::kUInt8);
      CHECK(m.dims() == x.dims());
      bool all_zero = true;
      for (int64_t i = 0; i < m.numel(); ++i) all_zero = all_zero && m.data<uint8_t>()[i] == 0;
      CHECK(all_zero);
    }
  }
}

TEST_CASE("dropout without a Mask output", "[op][dropout]") {
  OpRunner r("dropout");
  r.In("X", "x", MakeTensor({3}, {1, -2, 4})).Out("Out", "y").Attr("is_test", Attribute::Bool(true));
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("y")) == std::vector<float>{0.5f, -1.f, 2.f});
}

TEST_CASE("dropout rejects unsupported attributes", "[op][dropout]") {
  struct Bad {
    std::map<std::string, Attribute> attrs;
    const char* mentions;
  };
  std::vector<Bad> bads = {
      {{{"dropout_implementation", Attribute::String("upscale_in_infer")}}, "dropout_implementation"},
      {{{"dropout_prob", Attribute::Float(1.5)}}, "dropout_prob"},
      {{{"dropout_prob", Attribute::Float(-0.1)}}, "dropout_prob"},
      {{{"is_test", Attribute::Bool(false)}}, "is_test"},
  };
  for (const Bad& b : bads) {
    INFO(b.mentions);
    OpRunner r("dropout");
    r.In("X", "x", MakeTensor({2}, {1, 2})).Out("Out", "y").Attr("is_test", Attribute::Bool(true));
    for (const auto& kv : b.attrs) r.Attr(kv.first, kv.second);
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find(b.mentions) != std::string::npos);
  }
}
