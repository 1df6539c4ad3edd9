// concat against a plain index loop written here.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Reference: walk every output index, find the input that owns its position along axis.
std::vector<float> RefConcat(const std::vector<Tensor>& xs, int axis) {
  DDim out = xs[0].dims();
  for (size_t i = 1; i < xs.size(); ++i) out[axis] += xs[i].dims()[axis];
  std::vector<float> res;
  const int64_t outer = out.Product(0, axis), inner = out.Product(axis + 1, out.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t a = 0; a < out[axis]; ++a)
      for (int64_t in = 0; in < inner; ++in) {
        int64_t pos = a;
        size_t k = 0;
        while (pos >= xs[k].dims()[axis]) pos -= xs[k++].dims()[axis];
        std::vector<float> v = ToVector(xs[k]);
        res.push_back(v[static_cast<size_t>((o * xs[k].dims()[axis] + pos) * inner + in)]);
      }
  return res;
}

}  // namespace

TEST_CASE("concat matches a plain loop on every axis", "[op][concat]") {
  for (int axis : {0, 1, 2, -1, -3}) {
    for (int64_t w : {1, 4, 7, 17}) {
      const int a = axis < 0 ? axis + 3 : axis;
      std::vector<Tensor> xs;
      for (int i = 0; i < 3; ++i) {
        DDim d{2, 3, w};
        d[a] = i + 1;
        xs.push_back(RandomTensor(d, static_cast<uint32_t>(w * 10 + i)));
      }
      OpRunner r("concat");
      r.Ins("X", {{"a", xs[0]}, {"b", xs[1]}, {"c", xs[2]}}).Out("Out", "y").Attr("axis", Attribute::Int(axis));
      REQUIRE(r.Run().ok());
      DDim want = xs[0].dims();
      want[a] = 6;
      CHECK(r.Get("y").dims() == want);
      CHECK(ToVector(r.Get("y")) == RefConcat(xs, a));
    }
  }
}

TEST_CASE("concat moves int64 and bool elements", "[op][concat]") {
  Tensor a = MakeTypedTensor<int64_t>({2, 1}, {int64_t{1} << 40, -2});
  Tensor b = MakeTypedTensor<int64_t>({2, 2}, {3, 4, 5, 6});
  OpRunner r("concat");
  r.Ins("X", {{"a", a}, {"b", b}}).Out("Out", "y").Attr("axis", Attribute::Int(1));
  REQUIRE(r.Run().ok());
  const Tensor& y = r.Get("y");
  REQUIRE(y.dtype() == DataType::kInt64);
  std::vector<int64_t> got(y.data<int64_t>(), y.data<int64_t>() + 6);
  CHECK(got == std::vector<int64_t>{int64_t{1} << 40, 3, 4, -2, 5, 6});

  OpRunner rb("concat");
  rb.Ins("X", {{"a", MakeTypedTensor<bool>({2}, {true, false})}, {"b", MakeTypedTensor<bool>({1}, {true})}})
      .Out("Out", "y");
  REQUIRE(rb.Run().ok());
  CHECK(ToVector(rb.Get("y")) == std::vector<float>{1, 0, 1});
}

TEST_CASE("concat rejects bad axis, mismatched shapes and AxisTensor", "[op][concat]") {
  Tensor a = RandomTensor({2, 3}, 1), b = RandomTensor({2, 4}, 2);
  OpRunner r("concat");
  r.Ins("X", {{"a", a}, {"b", b}}).Out("Out", "y").Attr("axis", Attribute::Int(0));
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("does not match") != std::string::npos);

  OpRunner r2("concat");
  r2.Ins("X", {{"a", a}, {"b", a}}).Out("Out", "y").Attr("axis", Attribute::Int(2));
  s = r2.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axis") != std::string::npos);

  OpRunner r3("concat");
  r3.Ins("X", {{"a", a}, {"b", a}}).In("AxisTensor", "ax", MakeTypedTensor<int32_t>({1}, {0})).Out("Out", "y");
  s = r3.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("AxisTensor") != std::string::npos);

  OpRunner r4("concat");
  r4.Ins("X", {{"a", a}, {"b", MakeTypedTensor<int32_t>({2, 3}, {1, 2, 3, 4, 5, 6})}}).Out("Out", "y");
  s = r4.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("int32") != std::string::npos);
}
