// cast between bool, int32, int64, float32, uint8 and int8, against conversions spelled out here.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct TypeInfo {
  DataType type;
  int var_type;  // Paddle VarType number
};
const TypeInfo kTypes[] = {{DataType::kBool, 0},   {DataType::kInt32, 2}, {DataType::kInt64, 3},
                           {DataType::kFloat32, 5}, {DataType::kUInt8, 20}, {DataType::kInt8, 21}};

Tensor MakeAs(DataType t, const std::vector<double>& v) {
  DDim d{static_cast<int64_t>(v.size())};
  switch (t) {
    case DataType::kBool: { std::vector<bool> b; for (double x : v) b.push_back(x != 0); return MakeTypedTensor<bool>(d, b); }
    case DataType::kInt32: return MakeTypedTensor<int32_t>(d, std::vector<int32_t>(v.begin(), v.end()));
    case DataType::kInt64: return MakeTypedTensor<int64_t>(d, std::vector<int64_t>(v.begin(), v.end()));
    case DataType::kUInt8: return MakeTypedTensor<uint8_t>(d, std::vector<uint8_t>(v.begin(), v.end()));
    case DataType::kInt8: return MakeTypedTensor<int8_t>(d, std::vector<int8_t>(v.begin(), v.end()));
    default: return MakeTypedTensor<float>(d, std::vector<float>(v.begin(), v.end()));
  }
}

std::vector<double> Values(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) {
    switch (t.dtype()) {
      case DataType::kBool: v.push_back(t.data<bool>()[i]); break;
      case DataType::kInt32: v.push_back(t.data<int32_t>()[i]); break;
      case DataType::kInt64: v.push_back(static_cast<double>(t.data<int64_t>()[i])); break;
      case DataType::kUInt8: v.push_back(t.data<uint8_t>()[i]); break;
      case DataType::kInt8: v.push_back(t.data<int8_t>()[i]); break;
      case DataType::kFloat32: v.push_back(t.data<float>()[i]); break;
      default: break;
    }
  }
  return v;
}

Status RunCast(const Tensor& x, int in_dtype, int out_dtype, OpRunner* r) {
  r->In("X", "x", x).Out("Out", "y");
  r->Attr("in_dtype", Attribute::Int(in_dtype)).Attr("out_dtype", Attribute::Int(out_dtype));
  return r->Run();
}

}  // namespace

TEST_CASE("cast converts between every pair of supported types", "[op][cast]") {
  // Values every type holds exactly, so each pair must reproduce them (bool: != 0).
  const std::vector<double> values = {0, 1, 2, 7, 100, 127, 0, 3};
  for (TypeInfo from : kTypes) {
    for (TypeInfo to : kTypes) {
      INFO(DataTypeName(from.type) << " -> " << DataTypeName(to.type));
      Tensor x = MakeAs(from.type, values);
      OpRunner r("cast");
      REQUIRE(RunCast(x, from.var_type, to.var_type, &r).ok());
      REQUIRE(r.Get("y").dtype() == to.type);
      CHECK(r.Get("y").dims() == x.dims());
      std::vector<double> want;
      for (double v : Values(x)) want.push_back(to.type == DataType::kBool ? (v != 0) : v);
      CHECK(Values(r.Get("y")) == want);
    }
  }
}

TEST_CASE("cast float to integers truncates toward zero and saturates out of range", "[op][cast]") {
  const float inf = std::numeric_limits<float>::infinity();
  Tensor x = MakeTensor({8}, {-2.7f, -0.5f, 0.5f, 2.9f, 300.f, 3e10f, -inf, std::nanf("")});
  OpRunner r32("cast");
  REQUIRE(RunCast(x, 5, 2, &r32).ok());
  CHECK(Values(r32.Get("y")) == std::vector<double>{-2, 0, 0, 2, 300, 2147483647.0, -2147483648.0, 0});
  OpRunner r8("cast");
  REQUIRE(RunCast(x, 5, 21, &r8).ok());
  CHECK(Values(r8.Get("y")) == std::vector<double>{-2, 0, 0, 2, 127, 127, -128, 0});
  OpRunner ru8("cast");
  REQUIRE(RunCast(x, 5, 20, &ru8).ok());
  CHECK(Values(ru8.Get("y")) == std::vector<double>{0, 0, 0, 2, 255, 255, 0, 0});
  OpRunner rb("cast");
  REQUIRE(RunCast(x, 5, 0, &rb).ok());
  CHECK(Values(rb.Get("y")) == std::vector<double>{1, 1, 1, 1, 1, 1, 1, 1});
}

TEST_CASE("cast keeps large int64 values and wraps narrowing integer casts", "[op][cast]") {
  Tensor x = MakeTypedTensor<int64_t>({3}, {-1, (1LL << 32) + 5, 1LL << 40});
  OpRunner r("cast");
  REQUIRE(RunCast(x, 3, 2, &r).ok());
  CHECK(Values(r.Get("y")) == std::vector<double>{-1, 5, 0});
  OpRunner f("cast");
  REQUIRE(RunCast(x, 3, 5, &f).ok());
  CHECK(Values(f.Get("y")) == std::vector<double>{-1, 4294967296.0, 1099511627776.0});  // the nearest floats
}

TEST_CASE("cast of a large tensor takes the parallel path", "[op][cast]") {
  Tensor x = RandomTensor({70001}, 5, -100.f, 100.f);
  OpRunner r("cast");
  REQUIRE(RunCast(x, 5, 3, &r).ok());
  std::vector<float> in = ToVector(x);
  std::vector<double> want;
  for (float v : in) want.push_back(std::trunc(v));
  CHECK(Values(r.Get("y")) == want);
}

TEST_CASE("cast to FP16 rounds float32 values to half precision, in float32", "[op][cast]") {
  // 1 + 2^-11 is halfway between two halves (rounds to the even one, 1); 1 + 3 * 2^-11 rounds up to 1 + 2^-9;
  // 65504 is the largest half, 65520 rounds to infinity; 2^-24 is the smallest subnormal half.
  const std::vector<float> in = {1.f + 0x1p-11f, 1.f + 3 * 0x1p-11f, 65504.f, 65520.f, -0x1p-24f, 0x1p-26f, 0.1f};
  const std::vector<double> want = {1.0, 1.0 + 0x1p-9, 65504.0, INFINITY, -0x1p-24, 0.0, 0.0999755859375};
  OpRunner r("cast");
  REQUIRE(RunCast(MakeTensor({7}, in), 5, 4, &r).ok());
  CHECK(r.Get("y").dtype() == DataType::kFloat32);
  CHECK(Values(r.Get("y")) == want);
  OpRunner from("cast");  // from FP16: X is already float32
  REQUIRE(RunCast(MakeTensor({1}, {0.1f}), 4, 5, &from).ok());
  CHECK(Values(from.Get("y")) == std::vector<double>{0.1f});
}

TEST_CASE("cast rejects unsupported dtypes naming the attribute", "[op][cast]") {
  for (auto bad : {std::pair<int, int>{5, 6}, {5, 22}, {5, 1}, {6, 5}, {5, 99}}) {
    INFO(bad.first << " -> " << bad.second);
    OpRunner r("cast");
    Status s = RunCast(MakeTensor({2}, {1, 2}), bad.first, bad.second, &r);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find(bad.first != 5 ? "in_dtype" : "out_dtype") != std::string::npos);
  }
  OpRunner r("cast");
  r.In("X", "x", MakeTensor({2}, {1, 2})).Out("Out", "y").Attr("in_dtype", Attribute::Int(5));
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("out_dtype") != std::string::npos);
}
