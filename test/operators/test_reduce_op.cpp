// reduce_sum / reduce_mean / reduce_max / reduce_min / reduce_prod against ref::Reduce (a plain loop in double).
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "operators/kernel/central-arm-func/reduce_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
struct ReduceOpType {
  const char* name;
  ReduceType type;
};
const ReduceOpType kOps[] = {
    {"reduce_sum", ReduceType::kSum}, {"reduce_mean", ReduceType::kMean}, {"reduce_max", ReduceType::kMax},
    {"reduce_min", ReduceType::kMin}, {"reduce_prod", ReduceType::kProd}};

// reduced: which of X's dims the attributes should reduce (stated by the test, not derived from `dim`).
void Check(const ReduceOpType& op, const DDim& xd, const std::vector<int64_t>& dim, bool keep_dim,
           bool reduce_all, const std::vector<bool>& reduced, const DDim& out, uint32_t seed) {
  INFO(op.name << " X " << xd.ToString() << " dim " << DDim(dim).ToString() << " keep_dim " << keep_dim
               << " reduce_all " << reduce_all);
  Tensor x = RandomTensor(xd, seed);
  OpRunner r(op.name);
  r.In("X", "x", x).Out("Out", "out");
  r.Attr("dim", Attribute::Ints(dim)).Attr("keep_dim", Attribute::Bool(keep_dim));
  r.Attr("reduce_all", Attribute::Bool(reduce_all));
  Status s = r.Run();
  INFO(s.ToString());
  REQUIRE(s.ok());
  CHECK(r.Get("out").dims() == out);
  std::vector<float> xv = ToVector(x);
  std::vector<double> want_d = ref::Reduce(op.type, xd.vec(), reduced, std::vector<double>(xv.begin(), xv.end()));
  std::string why;
  CHECK(AllClose(ToVector(r.Get("out")), std::vector<float>(want_d.begin(), want_d.end()), 1e-5f, 1e-4f, &why));
  INFO(why);
}
}  // namespace

TEST_CASE("reduce ops over dims of a 4-D tensor", "[op][reduce]") {
  uint32_t seed = 1;
  const DDim xd{2, 3, 4, 5};
  for (const auto& op : kOps) {
    Check(op, xd, {1}, false, false, {false, true, false, false}, {2, 4, 5}, seed++);
    Check(op, xd, {1}, true, false, {false, true, false, false}, {2, 1, 4, 5}, seed++);
    Check(op, xd, {-1}, false, false, {false, false, false, true}, {2, 3, 4}, seed++);
    Check(op, xd, {0}, false, false, {true, false, false, false}, {3, 4, 5}, seed++);
    Check(op, xd, {0, 2}, false, false, {true, false, true, false}, {3, 5}, seed++);
    Check(op, xd, {3, -3}, true, false, {false, true, false, true}, {2, 1, 4, 1}, seed++);
    Check(op, xd, {2, 3}, false, false, {false, false, true, true}, {2, 3}, seed++);
    Check(op, xd, {0, 1, 2, 3}, false, false, {true, true, true, true}, {1}, seed++);
    Check(op, xd, {}, false, false, {true, true, true, true}, {1}, seed++);
    Check(op, xd, {1}, true, true, {true, true, true, true}, {1, 1, 1, 1}, seed++);
    Check(op, {2, 1, 3}, {1}, false, false, {false, true, false}, {2, 3}, seed++);  // size-1 reduced dim
  }
}

TEST_CASE("reduce ops over sizes around SIMD widths and large tensors", "[op][reduce]") {
  uint32_t seed = 100;
  for (const auto& op : kOps) {
    for (int64_t c : {1, 3, 4, 7, 8, 9, 16, 17, 31, 33}) {
      Check(op, {3, c, 5}, {1}, false, false, {false, true, false}, {3, 5}, seed++);
      Check(op, {3, 5, c}, {2}, false, false, {false, false, true}, {3, 5}, seed++);
      Check(op, {c, 6}, {0}, false, false, {true, false}, {6}, seed++);
    }
    Check(op, {100003}, {0}, false, false, {true}, {1}, seed++);                        // chunked full reduction
    Check(op, {3, 40, 2100}, {1}, false, false, {false, true, false}, {3, 2100}, seed++);  // blocked columns
    Check(op, {2, 300, 256}, {2}, true, false, {false, false, true}, {2, 300, 1}, seed++);
    // a global average pool written as a reduction over H, W (rows of 13 x 13: 16-lane sums and a tail)
    Check(op, {1, 1000, 13, 13}, {2, 3}, false, false, {false, false, true, true}, {1, 1000}, seed++);
    Check(op, {8, 1000, 161}, {2}, false, false, {false, false, true}, {8, 1000}, seed++);  // 1.3M: threads
  }
}

TEST_CASE("reduce ops on integers", "[op][reduce]") {
  const std::vector<int32_t> xs = {1, 2, 4, -7, 5, 6};
  auto run = [&](const char* type) {
    OpRunner r(type);
    r.In("X", "x", MakeTypedTensor<int32_t>({2, 3}, xs)).Out("Out", "out").Attr("dim", Attribute::Ints({1}));
    REQUIRE(r.Run().ok());
    const Tensor& o = r.Get("out");
    REQUIRE(o.dtype() == DataType::kInt32);
    return std::vector<int32_t>(o.data<int32_t>(), o.data<int32_t>() + 2);
  };
  CHECK(run("reduce_sum") == std::vector<int32_t>({7, 4}));
  CHECK(run("reduce_mean") == std::vector<int32_t>({2, 1}));  // 7/3 and 4/3 truncated
  CHECK(run("reduce_max") == std::vector<int32_t>({4, 6}));

  OpRunner r("reduce_sum");
  r.In("X", "x", MakeTypedTensor<int64_t>({4}, {1, 2, 3, 5000000000LL})).Out("Out", "out");
  REQUIRE(r.Run().ok());  // dim defaults to {0}
  REQUIRE(r.Get("out").data<int64_t>() != nullptr);
  CHECK(r.Get("out").data<int64_t>()[0] == 5000000006LL);
}

TEST_CASE("reduce_max / reduce_min of bools, and every reduction over zero elements", "[op][reduce]") {
  auto run_bool = [](const char* type) {
    OpRunner r(type);
    r.In("X", "x", MakeTypedTensor<bool>({3, 2}, {true, true, true, false, false, false}))
        .Out("Out", "out").Attr("dim", Attribute::Ints({1}));
    REQUIRE(r.Run().ok());
    const Tensor& o = r.Get("out");
    REQUIRE(o.dtype() == DataType::kBool);
    return std::vector<bool>(o.data<bool>(), o.data<bool>() + 3);
  };
  CHECK(run_bool("reduce_min") == std::vector<bool>({true, false, false}));  // all
  CHECK(run_bool("reduce_max") == std::vector<bool>({true, true, false}));   // any
  OpRunner sum("reduce_sum");
  sum.In("X", "x", MakeTypedTensor<bool>({2}, {true, false})).Out("Out", "out");
  CHECK_FALSE(sum.Run().ok());

  // ONNX's empty-set rules: sum 0, mean NaN, max -inf (lowest int), min +inf (highest int).
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<std::pair<const char*, float>> want = {
      {"reduce_sum", 0.f}, {"reduce_max", -inf}, {"reduce_min", inf}};
  for (const auto& w : want) {
    OpRunner r(w.first);
    r.In("X", "x", Tensor(DataType::kFloat32, DDim({2, 0, 3}))).Out("Out", "out").Attr("dim", Attribute::Ints({1}));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("out").dims() == DDim({2, 3}));
    CHECK(ToVector(r.Get("out")) == std::vector<float>(6, w.second));
  }
  OpRunner mean("reduce_mean");
  mean.In("X", "x", Tensor(DataType::kFloat32, DDim({0}))).Out("Out", "out");
  REQUIRE(mean.Run().ok());
  CHECK(std::isnan(ToVector(mean.Get("out"))[0]));
  OpRunner imin("reduce_min");
  imin.In("X", "x", Tensor(DataType::kInt32, DDim({1, 0}))).Out("Out", "out").Attr("dim", Attribute::Ints({1}));
  REQUIRE(imin.Run().ok());
  CHECK(imin.Get("out").data<int32_t>()[0] == std::numeric_limits<int32_t>::max());
}

TEST_CASE("reduce ops check dim and dtype attributes", "[op][reduce]") {
  auto run = [](const std::vector<std::pair<std::string, Attribute>>& attrs) {
    OpRunner r("reduce_mean");
    r.In("X", "x", RandomTensor({2, 3}, 1)).Out("Out", "out");
    for (const auto& a : attrs) r.Attr(a.first, a.second);
    return r.Run();
  };
  CHECK(run({{"out_dtype", Attribute::Int(-1)}}).ok());
  CHECK(run({{"out_dtype", Attribute::Int(5)}, {"in_dtype", Attribute::Int(5)}}).ok());
  Status s = run({{"out_dtype", Attribute::Int(6)}});
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("out_dtype") != std::string::npos);
  s = run({{"in_dtype", Attribute::Int(2)}});
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("in_dtype") != std::string::npos);
  s = run({{"dim", Attribute::Ints({2})}});
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("dim") != std::string::npos);
  s = run({{"dim", Attribute::Ints({1, -1})}});
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("twice") != std::string::npos);
}

TEST_CASE("reduce ops take dim from DimTensor; empty reduces all or, with noop_with_empty_dim, none",
          "[op][reduce]") {
  const DDim xd({3, 2, 4});
  Tensor x = RandomTensor(xd, 9);
  std::vector<float> xv = ToVector(x);
  const std::vector<double> xdv(xv.begin(), xv.end());
  for (const ReduceOpType& op : kOps) {
    INFO(op.name);
    OpRunner r(op.name);
    r.In("X", "x", x).In("DimTensor", "d", MakeTypedTensor<int64_t>({2}, {-1, 0})).Out("Out", "out")
        .Attr("dim", Attribute::Ints({1})).Attr("keep_dim", Attribute::Bool(true));
    REQUIRE(r.Run().ok());
    CHECK(r.Get("out").dims() == DDim({1, 2, 1}));
    std::vector<double> want = ref::Reduce(op.type, xd.vec(), {true, false, true}, xdv);
    CHECK(AllClose(ToVector(r.Get("out")), std::vector<float>(want.begin(), want.end()), 1e-5f, 1e-4f));

    OpRunner all(op.name);
    all.In("X", "x", x).In("DimTensor", "d", MakeTypedTensor<int32_t>({0}, {})).Out("Out", "out")
        .Attr("keep_dim", Attribute::Bool(true));
    REQUIRE(all.Run().ok());
    CHECK(all.Get("out").dims() == DDim({1, 1, 1}));
    want = ref::Reduce(op.type, xd.vec(), {true, true, true}, xdv);
    CHECK(AllClose(ToVector(all.Get("out")), std::vector<float>(want.begin(), want.end()), 1e-5f, 1e-4f));

    OpRunner noop(op.name);
    noop.In("X", "x", x).In("DimTensor", "d", MakeTypedTensor<int32_t>({0}, {})).Out("Out", "out")
        .Attr("keep_dim", Attribute::Bool(false)).Attr("noop_with_empty_dim", Attribute::Bool(true));
    REQUIRE(noop.Run().ok());
    CHECK(noop.Get("out").dims() == xd);
    CHECK(ToVector(noop.Get("out")) == xv);
  }
  OpRunner bad("reduce_sum");
  bad.In("X", "x", x).In("DimTensor", "d", MakeTypedTensor<int64_t>({1}, {3})).Out("Out", "out");
  Status s = bad.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("DimTensor") != std::string::npos);
}
