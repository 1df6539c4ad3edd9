// split against a plain index loop written here.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Reference: part k of x along axis, starting at offset begin with size len.
std::vector<float> RefPart(const Tensor& x, int axis, int64_t begin, int64_t len) {
  const DDim& d = x.dims();
  std::vector<float> v = ToVector(x), res;
  const int64_t outer = d.Product(0, axis), inner = d.Product(axis + 1, d.size());
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t a = begin; a < begin + len; ++a)
      for (int64_t in = 0; in < inner; ++in) res.push_back(v[static_cast<size_t>((o * d[axis] + a) * inner + in)]);
  return res;
}

}  // namespace

TEST_CASE("split by num matches a plain loop", "[op][split]") {
  for (int axis : {0, 1, 2, -1}) {
    for (int64_t w : {3, 9, 33}) {
      Tensor x = RandomTensor({3, 6, w}, static_cast<uint32_t>(w + axis * 100));
      const int a = axis < 0 ? axis + 3 : axis;
      OpRunner r("split");
      r.In("X", "x", x).Outs("Out", {"o0", "o1", "o2"}).Attr("axis", Attribute::Int(axis)).Attr("num", Attribute::Int(3));
      REQUIRE(r.Run().ok());
      const int64_t len = x.dims()[a] / 3;
      for (int k = 0; k < 3; ++k) {
        const Tensor& o = r.Get("o" + std::to_string(k));
        CHECK(o.dims()[a] == len);
        CHECK(ToVector(o) == RefPart(x, a, k * len, len));
      }
    }
  }
}

TEST_CASE("split with uneven_num: parts of ceil(dim / num), the last smaller (ONNX 18)", "[op][split]") {
  Tensor x = RandomTensor({2, 7}, 4);
  OpRunner r("split");
  r.In("X", "x", x).Outs("Out", {"a", "b", "c"}).Attr("axis", Attribute::Int(1)).Attr("num", Attribute::Int(3))
      .Attr("uneven_num", Attribute::Bool(true));
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("a")) == RefPart(x, 1, 0, 3));
  CHECK(ToVector(r.Get("b")) == RefPart(x, 1, 3, 3));
  CHECK(ToVector(r.Get("c")) == RefPart(x, 1, 6, 1));
  OpRunner empty("split");  // 5 into 4 parts of 2 leaves nothing for the last
  empty.In("X", "x", RandomTensor({5}, 1)).Outs("Out", {"a", "b", "c", "d"}).Attr("num", Attribute::Int(4))
      .Attr("uneven_num", Attribute::Bool(true));
  Status s = empty.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("empty") != std::string::npos);
}

TEST_CASE("split by sections infers one -1 and moves int32", "[op][split]") {
  std::vector<int32_t> vals(2 * 7);
  for (size_t i = 0; i < vals.size(); ++i) vals[i] = static_cast<int32_t>(i) - 5;
  Tensor x = MakeTypedTensor<int32_t>({2, 7}, vals);
  OpRunner r("split");
  r.In("X", "x", x).Outs("Out", {"a", "b", "c"}).Attr("axis", Attribute::Int(1))
      .Attr("sections", Attribute::Ints({2, -1, 1}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("b").dims() == DDim({2, 4}));
  CHECK(r.Get("b").dtype() == DataType::kInt32);
  CHECK(ToVector(r.Get("a")) == RefPart(x, 1, 0, 2));
  CHECK(ToVector(r.Get("b")) == RefPart(x, 1, 2, 4));
  CHECK(ToVector(r.Get("c")) == RefPart(x, 1, 6, 1));
}

TEST_CASE("split rejects bad num, bad sections and tensor inputs", "[op][split]") {
  Tensor x = RandomTensor({4, 5}, 3);
  OpRunner r("split");
  r.In("X", "x", x).Outs("Out", {"a", "b"}).Attr("axis", Attribute::Int(1)).Attr("num", Attribute::Int(2));
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("num") != std::string::npos);

  OpRunner r2("split");
  r2.In("X", "x", x).Outs("Out", {"a", "b"}).Attr("axis", Attribute::Int(1)).Attr("sections", Attribute::Ints({2, 2}));
  s = r2.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("sections") != std::string::npos);

  OpRunner r3("split");
  r3.In("X", "x", x).Outs("Out", {"a", "b"}).Attr("num", Attribute::Int(2)).Attr("axis", Attribute::Int(1))
      .In("SectionsTensorList", "s", MakeTypedTensor<int32_t>({2}, {2, 2}));
  s = r3.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("SectionsTensorList") != std::string::npos);
}

TEST_CASE("split takes AxisTensor and SectionsTensorList (per output, or one 1-D tensor)", "[op][split]") {
  Tensor x = RandomTensor({4, 7}, 8);
  // Paddle's form: one one-element tensor per output; AxisTensor replaces the axis attribute.
  OpRunner r("split");
  r.In("X", "x", x).Outs("Out", {"a", "b", "c"}).Attr("axis", Attribute::Int(0))
      .In("AxisTensor", "ax", MakeTypedTensor<int64_t>({1}, {-1}))
      .Ins("SectionsTensorList", {{"s0", MakeTypedTensor<int32_t>({1}, {2})},
                                  {"s1", MakeTypedTensor<int32_t>({1}, {-1})},
                                  {"s2", MakeTypedTensor<int32_t>({1}, {1})}});
  REQUIRE(r.Run().ok());
  CHECK(r.Get("a").dims() == DDim({4, 2}));
  CHECK(r.Get("b").dims() == DDim({4, 4}));
  CHECK(r.Get("c").dims() == DDim({4, 1}));
  CHECK(ToVector(r.Get("a")) == RefPart(x, 1, 0, 2));
  CHECK(ToVector(r.Get("b")) == RefPart(x, 1, 2, 4));
  CHECK(ToVector(r.Get("c")) == RefPart(x, 1, 6, 1));

  // ONNX's form: one tensor with every section; a zero section gives an empty output.
  OpRunner o("split");
  o.In("X", "x", x).Outs("Out", {"a", "b", "c"}).Attr("axis", Attribute::Int(1))
      .Ins("SectionsTensorList", {{"s", MakeTypedTensor<int64_t>({3}, {3, 0, 4})}});
  REQUIRE(o.Run().ok());
  CHECK(o.Get("b").dims() == DDim({4, 0}));
  CHECK(ToVector(o.Get("a")) == RefPart(x, 1, 0, 3));
  CHECK(ToVector(o.Get("c")) == RefPart(x, 1, 3, 4));

  OpRunner bad("split");
  bad.In("X", "x", x).Outs("Out", {"a", "b"}).In("AxisTensor", "ax", MakeTypedTensor<int64_t>({1}, {2}))
      .Attr("num", Attribute::Int(2));
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axis") != std::string::npos);
}
