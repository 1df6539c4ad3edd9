// gather (ONNX Gather / numpy take): against a plain index loop over axes, index ranks and dtypes.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("gather takes rows along any axis with negative and 2-D indices", "[op][gather]") {
  const DDim xd{3, 4, 5};
  Tensor x = RandomTensor(xd, 3);
  std::vector<float> xv = ToVector(x);
  for (int axis = -3; axis < 3; ++axis) {
    int ax = axis < 0 ? axis + 3 : axis;
    int64_t n = xd[ax];
    std::vector<int64_t> idx = {0, n - 1, -1, 1, -n, 0};
    Tensor index = MakeTypedTensor<int64_t>({2, 3}, idx);
    OpRunner r("gather");
    r.In("X", "x", x).In("Index", "i", index).Out("Out", "y").Attr("axis", Attribute::Int(axis));
    REQUIRE(r.Run().ok());
    const Tensor& y = r.Get("y");
    std::vector<int64_t> od;
    for (int d = 0; d < ax; ++d) od.push_back(xd[d]);
    od.push_back(2);
    od.push_back(3);
    for (int d = ax + 1; d < 3; ++d) od.push_back(xd[d]);
    CHECK(y.dims() == DDim(od));
    int64_t outer = xd.Product(0, ax), inner = xd.Product(ax + 1, 3);
    std::vector<float> want;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t k : idx) {
        int64_t kk = k < 0 ? k + n : k;
        for (int64_t i = 0; i < inner; ++i) want.push_back(xv[static_cast<size_t>((o * n + kk) * inner + i)]);
      }
    CHECK(ToVector(y) == want);
  }
}

TEST_CASE("gather copies int64 data with a scalar int32 index and rejects out-of-range indices", "[op][gather]") {
  OpRunner r("gather");
  r.In("X", "x", MakeTypedTensor<int64_t>({4}, {10, 20, 30, 40}))
      .In("Index", "i", MakeTypedTensor<int32_t>(DDim(std::vector<int64_t>{}), {2}))
      .Out("Out", "y");
  REQUIRE(r.Run().ok());
  CHECK(r.Get("y").dims() == DDim(std::vector<int64_t>{}));
  CHECK(r.Get("y").data<int64_t>()[0] == 30);

  OpRunner bad("gather");
  bad.In("X", "x", RandomTensor({4}, 1)).In("Index", "i", MakeTypedTensor<int64_t>({1}, {4})).Out("Out", "y");
  Status s = bad.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("out of range") != std::string::npos);
}
