// mul against Eigen on the flattened operands.
#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

std::vector<float> EigenProduct(const Tensor& x, const Tensor& y, int64_t m, int64_t k, int64_t n) {
  Eigen::Map<const RowMatrix> a(x.data<float>(), m, k), b(y.data<float>(), k, n);
  RowMatrix c = a * b;
  return std::vector<float>(c.data(), c.data() + m * n);
}

Status RunMul(OpRunner* r, const Tensor& x, const Tensor& y, int64_t xc, int64_t yc) {
  r->In("X", "x", x).In("Y", "y", y).Out("Out", "out");
  r->Attr("x_num_col_dims", Attribute::Int(xc)).Attr("y_num_col_dims", Attribute::Int(yc));
  return r->Run();
}
}  // namespace

TEST_CASE("mul of matrices matches Eigen", "[op][mul]") {
  uint32_t seed = 1;
  for (int64_t m : {1, 4, 17})
    for (int64_t k : {1, 8, 33})
      for (int64_t n : {3, 16, 31}) {
        Tensor x = RandomTensor({m, k}, seed++), y = RandomTensor({k, n}, seed++);
        OpRunner r("mul");
        REQUIRE(RunMul(&r, x, y, 1, 1).ok());
        CHECK(r.Get("out").dims() == DDim({m, n}));
        std::string why;
        CHECK(AllClose(ToVector(r.Get("out")), EigenProduct(x, y, m, k, n), 1e-5f, 1e-5f, &why));
        INFO(why);
      }
}

TEST_CASE("mul flattens at x_num_col_dims and y_num_col_dims", "[op][mul]") {
  SECTION("x_num_col_dims 2") {
    Tensor x = RandomTensor({2, 3, 9}, 1), y = RandomTensor({9, 7}, 2);
    OpRunner r("mul");
    REQUIRE(RunMul(&r, x, y, 2, 1).ok());
    CHECK(r.Get("out").dims() == DDim({2, 3, 7}));
    CHECK(AllClose(ToVector(r.Get("out")), EigenProduct(x, y, 6, 9, 7), 1e-5f, 1e-5f));
  }
  SECTION("3-D X flattened after dim 1, 4-D Y flattened after dim 2") {
    Tensor x = RandomTensor({2, 3, 4}, 3), y = RandomTensor({3, 4, 2, 5}, 4);
    OpRunner r("mul");
    REQUIRE(RunMul(&r, x, y, 1, 2).ok());
    CHECK(r.Get("out").dims() == DDim({2, 2, 5}));
    CHECK(AllClose(ToVector(r.Get("out")), EigenProduct(x, y, 2, 12, 10), 1e-5f, 1e-5f));
  }
}

TEST_CASE("mul rejects bad num_col_dims and shapes", "[op][mul]") {
  Tensor x = RandomTensor({2, 3}, 1), y = RandomTensor({3, 4}, 2);
  {
    OpRunner r("mul");
    Status s = RunMul(&r, x, y, 2, 1);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("x_num_col_dims") != std::string::npos);
  }
  {
    OpRunner r("mul");
    Status s = RunMul(&r, x, y, 1, 0);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("y_num_col_dims") != std::string::npos);
  }
  {
    OpRunner r("mul");
    Status s = RunMul(&r, x, RandomTensor({4, 3}, 3), 1, 1);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("columns") != std::string::npos);
  }
}
