// strided_slice (ONNX Slice semantics): against numpy-style index lists computed by plain loops.
#include <catch2/catch.hpp>

#include <algorithm>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
// The indices numpy's a[start:end:step] takes from a dim of length n (ONNX clamping).
std::vector<int64_t> Taken(int64_t n, int64_t s, int64_t e, int64_t st) {
  if (s < 0) s += n;
  if (e < 0) e += n;
  std::vector<int64_t> v;
  if (st > 0) {
    s = std::clamp<int64_t>(s, 0, n);
    e = std::clamp<int64_t>(e, 0, n);
    for (int64_t i = s; i < e; i += st) v.push_back(i);
  } else {
    s = std::clamp<int64_t>(s, 0, n - 1);
    e = std::clamp<int64_t>(e, -1, n - 1);
    for (int64_t i = s; i > e; i += st) v.push_back(i);
  }
  return v;
}
}  // namespace

TEST_CASE("strided_slice matches numpy slicing with steps, negatives and clamping", "[op][strided_slice]") {
  const DDim d{5, 7};
  Tensor x = RandomTensor(d, 2);
  std::vector<float> xv = ToVector(x);
  struct Case { std::vector<int64_t> starts, ends, axes, steps; };
  const std::vector<Case> cases = {
      {{1, 0}, {4, 7}, {0, 1}, {1, 2}},
      {{-1}, {-1000}, {1}, {-1}},            // reversed
      {{4, 6}, {0, -8}, {0, 1}, {-2, -3}},
      {{-100}, {100}, {-2}, {1}},            // clamped
      {{3}, {1}, {0}, {1}},                  // empty
      {{0}, {INT64_MAX}, {1}, {3}},
  };
  for (const Case& c : cases)
    for (bool tensors : {false, true}) {
      OpRunner r("strided_slice");
      r.In("Input", "x", x).Out("Out", "y");
      if (tensors) {
        r.In("StartsTensor", "s", MakeTypedTensor<int64_t>({static_cast<int64_t>(c.starts.size())}, c.starts))
            .In("EndsTensor", "e", MakeTypedTensor<int64_t>({static_cast<int64_t>(c.ends.size())}, c.ends))
            .In("AxesTensor", "a", MakeTypedTensor<int64_t>({static_cast<int64_t>(c.axes.size())}, c.axes))
            .In("StridesTensor", "t", MakeTypedTensor<int64_t>({static_cast<int64_t>(c.steps.size())}, c.steps));
      } else {
        r.Attr("starts", Attribute::Ints(c.starts)).Attr("ends", Attribute::Ints(c.ends))
            .Attr("axes", Attribute::Ints(c.axes)).Attr("strides", Attribute::Ints(c.steps));
      }
      REQUIRE(r.Run().ok());
      std::vector<int64_t> rows(5), cols(7);
      for (int i = 0; i < 5; ++i) rows[static_cast<size_t>(i)] = i;
      for (int i = 0; i < 7; ++i) cols[static_cast<size_t>(i)] = i;
      for (size_t k = 0; k < c.axes.size(); ++k) {
        int64_t ax = c.axes[k] < 0 ? c.axes[k] + 2 : c.axes[k];
        (ax == 0 ? rows : cols) = Taken(ax == 0 ? 5 : 7, c.starts[k], c.ends[k], c.steps[k]);
      }
      std::vector<float> want;
      for (int64_t i : rows)
        for (int64_t j : cols) want.push_back(xv[static_cast<size_t>(i * 7 + j)]);
      CHECK(r.Get("y").dims() == DDim({static_cast<int64_t>(rows.size()), static_cast<int64_t>(cols.size())}));
      CHECK(ToVector(r.Get("y")) == want);
    }
}

TEST_CASE("strided_slice rejects a zero step and repeated axes", "[op][strided_slice]") {
  OpRunner r("strided_slice");
  r.In("Input", "x", RandomTensor({4}, 1)).Out("Out", "y").Attr("starts", Attribute::Ints({0}))
      .Attr("ends", Attribute::Ints({4})).Attr("strides", Attribute::Ints({0}));
  CHECK_FALSE(r.Run().ok());
  OpRunner twice("strided_slice");
  twice.In("Input", "x", RandomTensor({4, 4}, 1)).Out("Out", "y").Attr("starts", Attribute::Ints({0, 0}))
      .Attr("ends", Attribute::Ints({1, 1})).Attr("axes", Attribute::Ints({1, -1}));
  CHECK_FALSE(twice.Run().ok());
}

TEST_CASE("strided_slice on 4-D tensors: channel ranges, steps on inner dims, reversed rows, int64", "[op][strided_slice]") {
  const std::vector<int64_t> d = {2, 6, 5, 9};
  Tensor x = RandomTensor(DDim(d), 3);
  std::vector<float> xv = ToVector(x);
  std::vector<int64_t> xi(xv.size());
  for (size_t i = 0; i < xi.size(); ++i) xi[i] = static_cast<int64_t>(i) * 7 - 50;
  struct Case { std::vector<int64_t> starts, ends, axes, steps; };
  const std::vector<Case> cases = {
      {{3}, {6}, {1}, {1}},                          // shufflenet's channel half: whole inner rows
      {{0}, {3}, {1}, {1}},
      {{1, 8}, {5, -100}, {1, 3}, {2, -2}},          // reversed, strided last dim
      {{1, 0, 2}, {2, 5, 9}, {0, 2, 3}, {1, 2, 3}},
      {{-1, 4}, {-3, 1}, {2, 1}, {-1, -1}},
  };
  for (const Case& c : cases)
    for (bool ints : {false, true}) {
      std::vector<std::vector<int64_t>> idx(4);
      for (size_t a = 0; a < 4; ++a)
        for (int64_t i = 0; i < d[a]; ++i) idx[a].push_back(i);
      for (size_t k = 0; k < c.axes.size(); ++k)
        idx[static_cast<size_t>(c.axes[k])] = Taken(d[static_cast<size_t>(c.axes[k])], c.starts[k], c.ends[k], c.steps[k]);
      std::vector<float> want;
      std::vector<int64_t> want_i;
      for (int64_t a : idx[0])
        for (int64_t b : idx[1])
          for (int64_t e : idx[2])
            for (int64_t f : idx[3]) {
              const size_t at = static_cast<size_t>(((a * d[1] + b) * d[2] + e) * d[3] + f);
              want.push_back(xv[at]);
              want_i.push_back(xi[at]);
            }
      OpRunner r("strided_slice");
      r.In("Input", "x", ints ? MakeTypedTensor<int64_t>(DDim(d), xi) : x).Out("Out", "y")
          .Attr("starts", Attribute::Ints(c.starts)).Attr("ends", Attribute::Ints(c.ends))
          .Attr("axes", Attribute::Ints(c.axes)).Attr("strides", Attribute::Ints(c.steps));
      REQUIRE(r.Run().ok());
      const DDim want_dims({static_cast<int64_t>(idx[0].size()), static_cast<int64_t>(idx[1].size()),
                            static_cast<int64_t>(idx[2].size()), static_cast<int64_t>(idx[3].size())});
      CHECK(r.Get("y").dims() == want_dims);
      if (ints) {
        const int64_t* y = r.Get("y").data<int64_t>();
        CHECK(std::vector<int64_t>(y, y + want_i.size()) == want_i);
      } else {
        CHECK(ToVector(r.Get("y")) == want);
      }
    }
}
