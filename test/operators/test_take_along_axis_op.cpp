// take_along_axis (ONNX GatherElements): against numpy's take_along_axis written as loops.
#include <catch2/catch.hpp>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("take_along_axis picks along each axis with negative indices", "[op][take_along_axis]") {
  Tensor x = RandomTensor({3, 4}, 6);
  std::vector<float> xv = ToVector(x);
  {
    // axis 0, Index [2, 4]: out[i][j] = x[idx[i][j]][j]
    std::vector<int64_t> idx = {0, 2, -1, 1, 1, 0, 2, -3};
    OpRunner r("take_along_axis");
    r.In("Input", "x", x).In("Index", "i", MakeTypedTensor<int64_t>({2, 4}, idx)).Out("Result", "y").Attr("Axis", Attribute::Int(0));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("y").dims() == DDim({2, 4}));
    std::vector<float> yv = ToVector(r.Get("y"));
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 4; ++j) {
        int64_t k = idx[static_cast<size_t>(i * 4 + j)];
        if (k < 0) k += 3;
        CHECK(yv[static_cast<size_t>(i * 4 + j)] == xv[static_cast<size_t>(k * 4 + j)]);
      }
  }
  {
    // axis -1, Index [3, 2] (int32)
    std::vector<int32_t> idx = {3, 0, 1, 1, -1, 2};
    OpRunner r("take_along_axis");
    r.In("Input", "x", x).In("Index", "i", MakeTypedTensor<int32_t>({3, 2}, idx)).Out("Result", "y").Attr("Axis", Attribute::Int(-1));
    REQUIRE(r.Run().ok());
    std::vector<float> yv = ToVector(r.Get("y"));
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 2; ++j) {
        int k = idx[static_cast<size_t>(i * 2 + j)];
        if (k < 0) k += 4;
        CHECK(yv[static_cast<size_t>(i * 2 + j)] == xv[static_cast<size_t>(i * 4 + k)]);
      }
  }
}

TEST_CASE("take_along_axis rejects out-of-range indices and rank mismatches", "[op][take_along_axis]") {
  OpRunner r("take_along_axis");
  r.In("Input", "x", RandomTensor({3}, 1)).In("Index", "i", MakeTypedTensor<int64_t>({1}, {3})).Out("Result", "y");
  CHECK_FALSE(r.Run().ok());
  OpRunner rank("take_along_axis");
  rank.In("Input", "x", RandomTensor({3, 2}, 1)).In("Index", "i", MakeTypedTensor<int64_t>({1}, {0})).Out("Result", "y");
  CHECK_FALSE(rank.Run().ok());
}
