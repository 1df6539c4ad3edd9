// arg_max against ref::ArgMax (a plain strided scan), plus hand-checked ties and shapes.
#include <catch2/catch.hpp>

#include "operators/kernel/central-arm-func/arg_max_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
std::vector<int64_t> Indices(const Tensor& t) {
  std::vector<int64_t> v(static_cast<size_t>(t.numel()));
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = t.dtype() == DataType::kInt32 ? t.data<int32_t>()[i] : t.data<int64_t>()[i];
  return v;
}

// outer/n/inner: the view of X the case expects, written out by the test.
void Check(const DDim& xd, int64_t axis, bool keepdims, bool flatten, const DDim& out, int64_t outer, int64_t n,
           int64_t inner, uint32_t seed) {
  INFO("X " << xd.ToString() << " axis " << axis << " keepdims " << keepdims << " flatten " << flatten);
  Tensor x = RandomTensor(xd, seed);
  OpRunner r("arg_max");
  r.In("X", "x", x).Out("Out", "out").Attr("axis", Attribute::Int(axis));
  r.Attr("keepdims", Attribute::Bool(keepdims)).Attr("flatten", Attribute::Bool(flatten));
  REQUIRE(r.Run().ok());
  const Tensor& o = r.Get("out");
  CHECK(o.dims() == out);
  CHECK(o.dtype() == DataType::kInt64);
  CHECK(Indices(o) == ref::ArgMax(x.data<float>(), outer, n, inner));
}
}  // namespace

TEST_CASE("arg_max along each axis", "[op][arg_max]") {
  uint32_t seed = 1;
  for (int64_t c : {1, 3, 4, 8, 9, 17, 32}) {
    Check({3, c, 5}, 1, false, false, {3, 5}, 3, c, 5, seed++);
    Check({3, c, 5}, 1, true, false, {3, 1, 5}, 3, c, 5, seed++);
    Check({3, 5, c}, -1, false, false, {3, 5}, 15, c, 1, seed++);
    Check({c, 6}, 0, false, false, {6}, 1, c, 6, seed++);
  }
  Check({2, 7, 300}, 1, false, false, {2, 300}, 2, 7, 300, seed++);     // more columns than one block
  Check({4, 50, 700}, -2, false, false, {4, 700}, 4, 50, 700, seed++);  // threaded
  Check({9}, 0, false, false, {1}, 1, 9, 1, seed++);
  Check({2, 3, 4}, 1, false, true, {1}, 1, 24, 1, seed++);
  Check({2, 3, 4}, 1, true, true, {1, 1, 1}, 1, 24, 1, seed++);
}

TEST_CASE("arg_max picks the first of equal maxima and honours dtype", "[op][arg_max]") {
  OpRunner r("arg_max");
  r.In("X", "x", MakeTensor({2, 4}, {1, 3, 3, 0, 2, 2, 2, 2})).Out("Out", "out");
  r.Attr("axis", Attribute::Int(-1)).Attr("dtype", Attribute::Int(2));
  REQUIRE(r.Run().ok());
  REQUIRE(r.Get("out").dtype() == DataType::kInt32);
  CHECK(Indices(r.Get("out")) == std::vector<int64_t>({1, 0}));

  OpRunner ri("arg_max");
  ri.In("X", "x", MakeTypedTensor<int64_t>({3, 2}, {2, 1, 2, 5, 0, 5})).Out("Out", "out");
  ri.Attr("axis", Attribute::Int(0));
  REQUIRE(ri.Run().ok());
  CHECK(Indices(ri.Get("out")) == std::vector<int64_t>({0, 1}));  // ties down a column
}

TEST_CASE("arg_max rejects bad attributes", "[op][arg_max]") {
  auto run = [](const std::vector<std::pair<std::string, Attribute>>& attrs) {
    OpRunner r("arg_max");
    r.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "out");
    for (const auto& a : attrs) r.Attr(a.first, a.second);
    return r.Run();
  };
  Status s = run({{"axis", Attribute::Int(1)}, {"dtype", Attribute::Int(5)}});
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("dtype") != std::string::npos);
  s = run({{"axis", Attribute::Int(2)}});
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axis") != std::string::npos);
  s = run({});
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axis") != std::string::npos);
}
