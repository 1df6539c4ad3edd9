// fill_constant: shape, dtype, value and str_value, checked element by element.
#include <catch2/catch.hpp>

#include <cmath>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("fill_constant fills float32 by default", "[op][fill_constant]") {
  for (int64_t n : {1, 4, 17, 33}) {
    OpRunner r("fill_constant");
    r.Out("Out", "y").Attr("shape", Attribute::Ints({2, n})).Attr("value", Attribute::Float(1.5));
    REQUIRE(r.Run().ok());
    const Tensor& y = r.Get("y");
    REQUIRE(y.dtype() == DataType::kFloat32);
    CHECK(y.dims() == DDim{2, n});
    CHECK(ToVector(y) == std::vector<float>(static_cast<size_t>(2 * n), 1.5f));
  }
}

TEST_CASE("fill_constant honours dtype and LONGS shapes", "[op][fill_constant]") {
  Attribute shape;
  shape.type = AttrType::kLongs;
  shape.ints = {3};
  struct Want {
    int var_type;
    DataType type;
    float value;  // as read back through ToVector or the typed check below
  };
  for (Want w : {Want{2, DataType::kInt32, -7}, Want{3, DataType::kInt64, -7}, Want{0, DataType::kBool, 1},
                 Want{5, DataType::kFloat32, -7.9f}}) {
    INFO(DataTypeName(w.type));
    OpRunner r("fill_constant");
    r.Out("Out", "y").Attr("shape", shape).Attr("dtype", Attribute::Int(w.var_type));
    r.Attr("value", Attribute::Float(-7.9));
    REQUIRE(r.Run().ok());
    REQUIRE(r.Get("y").dtype() == w.type);
    CHECK(ToVector(r.Get("y")) == std::vector<float>(3, w.value));
  }
  OpRunner u("fill_constant");
  u.Out("Out", "y").Attr("shape", shape).Attr("dtype", Attribute::Int(20)).Attr("value", Attribute::Float(200));
  REQUIRE(u.Run().ok());
  REQUIRE(u.Get("y").dtype() == DataType::kUInt8);
  CHECK(u.Get("y").data<uint8_t>()[2] == 200);
  OpRunner i8("fill_constant");
  i8.Out("Out", "y").Attr("shape", shape).Attr("dtype", Attribute::Int(21)).Attr("value", Attribute::Float(-100));
  REQUIRE(i8.Run().ok());
  REQUIRE(i8.Get("y").dtype() == DataType::kInt8);
  CHECK(i8.Get("y").data<int8_t>()[0] == -100);
}

TEST_CASE("fill_constant str_value overrides value and keeps int64 exact", "[op][fill_constant]") {
  OpRunner r("fill_constant");
  r.Out("Out", "y").Attr("shape", Attribute::Ints({2})).Attr("dtype", Attribute::Int(3));
  r.Attr("value", Attribute::Float(1)).Attr("str_value", Attribute::String("9007199254740993"));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").data<int64_t>()[1] == 9007199254740993LL);

  OpRunner e("fill_constant");
  e.Out("Out", "y").Attr("shape", Attribute::Ints({1})).Attr("value", Attribute::Float(3));
  e.Attr("str_value", Attribute::String(""));  // empty: value is used
  REQUIRE(e.Run().ok());
  CHECK(ToVector(e.Get("y")) == std::vector<float>{3});

  for (auto sv : {std::pair<const char*, float>{"inf", INFINITY}, {"-inf", -INFINITY}, {"0.25", 0.25f}, {"-3", -3}}) {
    INFO(sv.first);
    OpRunner f("fill_constant");
    f.Out("Out", "y").Attr("shape", Attribute::Ints({1})).Attr("str_value", Attribute::String(sv.first));
    REQUIRE(f.Run().ok());
    CHECK(ToVector(f.Get("y")) == std::vector<float>{sv.second});
  }
  OpRunner n("fill_constant");
  n.Out("Out", "y").Attr("shape", Attribute::Ints({1})).Attr("str_value", Attribute::String("nan"));
  REQUIRE(n.Run().ok());
  CHECK(std::isnan(ToVector(n.Get("y"))[0]));

  OpRunner t("fill_constant");
  t.Out("Out", "y").Attr("shape", Attribute::Ints({1})).Attr("dtype", Attribute::Int(2));
  t.Attr("str_value", Attribute::String("2.75"));
  REQUIRE(t.Run().ok());
  CHECK(ToVector(t.Get("y")) == std::vector<float>{2});
}

TEST_CASE("fill_constant with an empty shape is a scalar", "[op][fill_constant]") {
  OpRunner r("fill_constant");
  r.Out("Out", "y").Attr("shape", Attribute::Ints({})).Attr("value", Attribute::Float(4));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims().size() == 0);
  CHECK(ToVector(r.Get("y")) == std::vector<float>{4});
}

TEST_CASE("fill_constant rejects tensor inputs and bad attributes", "[op][fill_constant]") {
  for (const char* slot : {"ShapeTensor", "ShapeTensorList", "ValueTensor"}) {
    OpRunner r("fill_constant");
    r.In(slot, "s", MakeTypedTensor<int32_t>({1}, {2})).Out("Out", "y").Attr("shape", Attribute::Ints({2}));
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find(slot) != std::string::npos);
  }
  struct Bad {
    std::map<std::string, Attribute> attrs;
    const char* mentions;
  };
  std::vector<Bad> bads = {
      {{{"dtype", Attribute::Int(6)}}, "dtype"},
      {{{"dtype", Attribute::Int(4)}}, "dtype"},
      {{{"shape", Attribute::Ints({2, -1})}}, "shape"},
      {{{"str_value", Attribute::String("1.5x")}}, "str_value"},
      {{{"value", Attribute::String("1")}}, "value"},
  };
  for (const Bad& b : bads) {
    INFO(b.mentions);
    OpRunner r("fill_constant");
    r.Out("Out", "y").Attr("shape", Attribute::Ints({2}));
    for (const auto& kv : b.attrs) r.Attr(kv.first, kv.second);
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find(b.mentions) != std::string::npos);
  }
}
