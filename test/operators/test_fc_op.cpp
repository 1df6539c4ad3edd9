// fc against Eigen: flatten(Input) * W + Bias, then the activation.
#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

std::vector<float> Reference(const Tensor& in, const Tensor& w, const Tensor* bias, int64_t m, bool relu) {
  const int64_t k = w.dims()[0], n = w.dims()[1];
  Eigen::Map<const RowMatrix> a(in.data<float>(), m, k), b(w.data<float>(), k, n);
  RowMatrix c = a * b;
  if (bias) c.rowwise() += Eigen::Map<const Eigen::RowVectorXf>(bias->data<float>(), n);
  if (relu) c = c.cwiseMax(0.f);
  return std::vector<float>(c.data(), c.data() + m * n);
}

struct FcRun {
  OpRunner r{"fc"};
  Status Run(const Tensor& in, const Tensor& w, const Tensor* bias, int64_t in_num_col_dims) {
    r.In("Input", "in", in).In("W", "w", w).Out("Out", "out");
    if (bias) r.In("Bias", "b", *bias);
    r.Attr("in_num_col_dims", Attribute::Int(in_num_col_dims));
    return r.Run();
  }
};
}  // namespace

TEST_CASE("fc matches Eigen over sizes, with and without bias", "[op][fc]") {
  uint32_t seed = 1;
  for (int64_t m : {1, 3, 9})
    for (int64_t k : {1, 4, 16, 33})
      for (int64_t n : {1, 7, 8, 17, 32})
        for (bool with_bias : {false, true}) {
          INFO("m " << m << " k " << k << " n " << n << " bias " << with_bias);
          Tensor in = RandomTensor({m, k}, seed++), w = RandomTensor({k, n}, seed++), b = RandomTensor({n}, seed++);
          FcRun f;
          REQUIRE(f.Run(in, w, with_bias ? &b : nullptr, 1).ok());
          CHECK(f.r.Get("out").dims() == DDim({m, n}));
          std::string why;
          CHECK(AllClose(ToVector(f.r.Get("out")), Reference(in, w, with_bias ? &b : nullptr, m, false), 1e-5f, 1e-5f,
                         &why));
          INFO(why);
        }
}

TEST_CASE("fc flattens Input at in_num_col_dims and takes a [1, N] bias", "[op][fc]") {
  SECTION("NCHW input, in_num_col_dims 1") {
    Tensor in = RandomTensor({2, 3, 4, 4}, 1), w = RandomTensor({48, 10}, 2), b = RandomTensor({1, 10}, 3);
    FcRun f;
    REQUIRE(f.Run(in, w, &b, 1).ok());
    CHECK(f.r.Get("out").dims() == DDim({2, 10}));
    CHECK(AllClose(ToVector(f.r.Get("out")), Reference(in, w, &b, 2, false), 1e-5f, 1e-5f));
  }
  SECTION("sequence input, in_num_col_dims 2") {
    Tensor in = RandomTensor({2, 5, 8}, 4), w = RandomTensor({8, 6}, 5), b = RandomTensor({6}, 6);
    FcRun f;
    REQUIRE(f.Run(in, w, &b, 2).ok());
    CHECK(f.r.Get("out").dims() == DDim({2, 5, 6}));
    CHECK(AllClose(ToVector(f.r.Get("out")), Reference(in, w, &b, 10, false), 1e-5f, 1e-5f));
  }
}

TEST_CASE("fc applies relu from activation_type or fuse_activation", "[op][fc]") {
  Tensor in = RandomTensor({4, 9}, 1), w = RandomTensor({9, 17}, 2), b = RandomTensor({17}, 3);
  const std::vector<float> want = Reference(in, w, &b, 4, true);
  for (const char* attr : {"activation_type", "fuse_activation"}) {
    INFO(attr);
    FcRun f;
    f.r.Attr(attr, Attribute::String("relu"));
    REQUIRE(f.Run(in, w, &b, 1).ok());
    CHECK(AllClose(ToVector(f.r.Get("out")), want, 1e-5f, 1e-5f));
  }
  CHECK_FALSE(AllClose(Reference(in, w, &b, 4, false), want, 1e-5f, 1e-5f));  // relu changes something
}

TEST_CASE("fc rejects unsupported activations and bad shapes", "[op][fc]") {
  Tensor in = RandomTensor({2, 6}, 1), w = RandomTensor({6, 3}, 2), b = RandomTensor({3}, 3);
  {
    FcRun f;
    f.r.Attr("activation_type", Attribute::String("sigmoid"));
    Status s = f.Run(in, w, &b, 1);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("activation_type") != std::string::npos);
  }
  {
    FcRun f;
    f.r.Attr("activation_type", Attribute::String("relu")).Attr("fuse_activation", Attribute::String("relu"));
    Status s = f.Run(in, w, &b, 1);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("fuse_activation") != std::string::npos);
  }
  {
    FcRun f;
    Status s = f.Run(in, RandomTensor({5, 3}, 4), &b, 1);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("columns") != std::string::npos);
  }
  {
    FcRun f;
    Tensor bad_bias = RandomTensor({4}, 5);
    Status s = f.Run(in, w, &bad_bias, 1);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("Bias") != std::string::npos);
  }
  {
    FcRun f;
    Status s = f.Run(in, w, &b, 2);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("in_num_col_dims") != std::string::npos);
  }
}
