// slice against a plain index loop written here (numpy-style clamping of starts/ends).
#include <catch2/catch.hpp>

#include <algorithm>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Reference for a 3-D input: clamp each axis' range as numpy does, then copy with nested loops.
std::vector<float> RefSlice3(const Tensor& x, int64_t b[3], int64_t e[3]) {
  const DDim& d = x.dims();
  std::vector<float> v = ToVector(x), res;
  for (int64_t i = b[0]; i < e[0]; ++i)
    for (int64_t j = b[1]; j < e[1]; ++j)
      for (int64_t k = b[2]; k < e[2]; ++k) res.push_back(v[static_cast<size_t>((i * d[1] + j) * d[2] + k)]);
  return res;
}

int64_t Clamp(int64_t v, int64_t dim) {
  if (v < 0) v += dim;
  return std::min(std::max<int64_t>(v, 0), dim);
}

}  // namespace

TEST_CASE("slice matches a plain loop with negative and out-of-range bounds", "[op][slice]") {
  struct Case {
    std::vector<int64_t> axes, starts, ends;
  };
  std::vector<Case> cases = {
      {{2}, {1}, {4}},           {{0, 2}, {-2, 0}, {100, -1}}, {{1}, {-100, }, {2}},
      {{-1, 1}, {3, 1}, {-2, 3}}, {{2}, {5}, {2}},              {{0, 1, 2}, {0, 0, 0}, {1, 1, 1}},
  };
  for (int64_t w : {1, 8, 17}) {
    Tensor x = RandomTensor({3, 4, w}, static_cast<uint32_t>(w));
    for (const Case& c : cases) {
      int64_t b[3] = {0, 0, 0}, e[3] = {3, 4, w};
      for (size_t i = 0; i < c.axes.size(); ++i) {
        int a = static_cast<int>(c.axes[i] < 0 ? c.axes[i] + 3 : c.axes[i]);
        b[a] = Clamp(c.starts[i], x.dims()[a]);
        e[a] = std::max(b[a], Clamp(c.ends[i], x.dims()[a]));
      }
      OpRunner r("slice");
      r.In("Input", "x", x).Out("Out", "y").Attr("axes", Attribute::Ints(c.axes))
          .Attr("starts", Attribute::Ints(c.starts)).Attr("ends", Attribute::Ints(c.ends))
          .Attr("infer_flags", Attribute::Ints(std::vector<int64_t>(c.axes.size(), 1)));
      REQUIRE(r.Run().ok());
      CHECK(r.Get("y").dims() == DDim({e[0] - b[0], e[1] - b[1], e[2] - b[2]}));
      CHECK(ToVector(r.Get("y")) == RefSlice3(x, b, e));
    }
  }
}

TEST_CASE("slice decrease_axis drops dims and keeps [1] when all go", "[op][slice]") {
  Tensor x = RandomTensor({2, 3, 4}, 7);
  OpRunner r("slice");
  r.In("Input", "x", x).Out("Out", "y").Attr("axes", Attribute::Ints({1})).Attr("starts", Attribute::Ints({-1}))
      .Attr("ends", Attribute::Ints({3})).Attr("decrease_axis", Attribute::Ints({1}));
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim({2, 4}));
  int64_t b[3] = {0, 2, 0}, e[3] = {2, 3, 4};
  CHECK(ToVector(r.Get("y")) == RefSlice3(x, b, e));

  OpRunner all("slice");
  all.In("Input", "x", x).Out("Out", "y").Attr("axes", Attribute::Ints({0, 1, 2}))
      .Attr("starts", Attribute::Ints({1, 2, 3})).Attr("ends", Attribute::Ints({2, 3, 4}))
      .Attr("decrease_axis", Attribute::Ints({0, 1, 2}));
  REQUIRE(all.Run().ok());
  CHECK(all.Get("y").dims() == DDim({1}));
  CHECK(ToVector(all.Get("y"))[0] == ToVector(x)[23]);
}

TEST_CASE("slice reads StartsTensor and EndsTensor values and moves int64", "[op][slice]") {
  std::vector<int64_t> vals(5 * 6);
  for (size_t i = 0; i < vals.size(); ++i) vals[i] = static_cast<int64_t>(i) * 1000000007LL;
  Tensor x = MakeTypedTensor<int64_t>({5, 6}, vals);
  OpRunner r("slice");
  r.In("Input", "x", x).In("StartsTensor", "s", MakeTypedTensor<int32_t>({2}, {1, -4}))
      .In("EndsTensor", "e", MakeTypedTensor<int64_t>({2}, {3, 100})).Out("Out", "y")
      .Attr("axes", Attribute::Ints({0, 1})).Attr("starts", Attribute::Ints({0, 0})).Attr("ends", Attribute::Ints({1, 1}))
      .Attr("infer_flags", Attribute::Ints({-1, -1}));
  REQUIRE(r.Run().ok());
  const Tensor& y = r.Get("y");
  REQUIRE(y.dims() == DDim({2, 4}));
  REQUIRE(y.dtype() == DataType::kInt64);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j) CHECK(y.data<int64_t>()[i * 4 + j] == vals[static_cast<size_t>((i + 1) * 6 + j + 2)]);
}

TEST_CASE("slice rejects bad axes, bad decrease_axis and tensor lists", "[op][slice]") {
  Tensor x = RandomTensor({2, 3}, 1);
  OpRunner r("slice");
  r.In("Input", "x", x).Out("Out", "y").Attr("axes", Attribute::Ints({2})).Attr("starts", Attribute::Ints({0}))
      .Attr("ends", Attribute::Ints({1}));
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("axes") != std::string::npos);

  OpRunner r2("slice");
  r2.In("Input", "x", x).Out("Out", "y").Attr("axes", Attribute::Ints({1})).Attr("starts", Attribute::Ints({0}))
      .Attr("ends", Attribute::Ints({2})).Attr("decrease_axis", Attribute::Ints({1}));
  s = r2.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("decrease_axis") != std::string::npos);

  OpRunner r3("slice");
  r3.In("Input", "x", x).Out("Out", "y").Attr("axes", Attribute::Ints({1})).Attr("starts", Attribute::Ints({0}))
      .Attr("ends", Attribute::Ints({2})).In("StartsTensorList", "s0", MakeTypedTensor<int32_t>({1}, {0}));
  s = r3.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("StartsTensorList") != std::string::npos);
}
