// transpose2 against a plain index loop written here, over many permutations and dtypes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Reference: for every output multi-index, read the input at the permuted index.
std::vector<float> RefTranspose(const Tensor& x, const std::vector<int64_t>& perm) {
  const DDim& in = x.dims();
  const int rank = in.size();
  std::vector<float> v = ToVector(x);
  std::vector<int64_t> od(static_cast<size_t>(rank));
  for (int i = 0; i < rank; ++i) od[i] = in[static_cast<int>(perm[i])];
  std::vector<float> res(v.size());
  std::vector<int64_t> idx(static_cast<size_t>(rank), 0);
  for (size_t o = 0; o < res.size(); ++o) {
    std::vector<int64_t> src(static_cast<size_t>(rank));
    for (int i = 0; i < rank; ++i) src[static_cast<size_t>(perm[i])] = idx[i];
    int64_t off = 0;
    for (int i = 0; i < rank; ++i) off = off * in[i] + src[i];
    res[o] = v[static_cast<size_t>(off)];
    for (int i = rank - 1; i >= 0; --i) {
      if (++idx[i] < od[i]) break;
      idx[i] = 0;
    }
  }
  return res;
}

}  // namespace

TEST_CASE("transpose2 matches a plain loop for every permutation up to rank 4", "[op][transpose]") {
  const std::vector<DDim> shapes = {{7}, {3, 17}, {2, 1, 9}, {4, 3, 8}, {2, 3, 1, 5}, {3, 4, 5, 16}};
  for (const DDim& shape : shapes) {
    Tensor x = RandomTensor(shape, static_cast<uint32_t>(shape.numel()));
    std::vector<int64_t> perm(static_cast<size_t>(shape.size()));
    std::iota(perm.begin(), perm.end(), 0);
    do {
      OpRunner r("transpose2");
      r.In("X", "x", x).Out("Out", "y").Out("XShape", "xs").Attr("axis", Attribute::Ints(perm));
      REQUIRE(r.Run().ok());
      std::vector<int64_t> want;
      for (int64_t p : perm) want.push_back(shape[static_cast<int>(p)]);
      CHECK(r.Get("y").dims() == DDim(want));
      CHECK(ToVector(r.Get("y")) == RefTranspose(x, perm));
      CHECK(r.Get("xs").dims()[0] == 0);
    } while (std::next_permutation(perm.begin(), perm.end()));
  }
}

TEST_CASE("transpose2 handles rank 5, int64 and bool", "[op][transpose]") {
  Tensor x = RandomTensor({2, 3, 4, 5, 6}, 5);
  std::vector<int64_t> perm = {4, 0, 3, 1, 2};
  OpRunner r("transpose2");
  r.In("X", "x", x).Out("Out", "y").Attr("axis", Attribute::Ints(perm));
  REQUIRE(r.Run().ok());
  CHECK(ToVector(r.Get("y")) == RefTranspose(x, perm));

  std::vector<int64_t> vals(12);
  for (size_t i = 0; i < vals.size(); ++i) vals[i] = (static_cast<int64_t>(i) << 40) + 1;
  OpRunner r64("transpose2");
  r64.In("X", "x", MakeTypedTensor<int64_t>({3, 4}, vals)).Out("Out", "y").Attr("axis", Attribute::Ints({1, 0}));
  REQUIRE(r64.Run().ok());
  const Tensor& y = r64.Get("y");
  REQUIRE(y.dtype() == DataType::kInt64);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) CHECK(y.data<int64_t>()[i * 3 + j] == vals[static_cast<size_t>(j * 4 + i)]);

  OpRunner rb("transpose2");
  rb.In("X", "x", MakeTypedTensor<bool>({2, 3}, {true, false, false, true, true, false})).Out("Out", "y")
      .Attr("axis", Attribute::Ints({1, 0}));
  REQUIRE(rb.Run().ok());
  CHECK(ToVector(rb.Get("y")) == std::vector<float>{1, 1, 0, 1, 0, 0});
}

TEST_CASE("transpose2 rejects an axis that is not a permutation", "[op][transpose]") {
  for (const std::vector<int64_t>& axis : {std::vector<int64_t>{0, 0, 1}, {0, 1}, {0, 1, 3}, {-1, 0, 1}}) {
    OpRunner r("transpose2");
    r.In("X", "x", RandomTensor({2, 3, 4}, 1)).Out("Out", "y").Attr("axis", Attribute::Ints(axis));
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("axis") != std::string::npos);
  }
}
