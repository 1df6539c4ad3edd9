// matmul and matmul_v2 against Eigen, batch by batch. Out dims are written out by hand per case.
#include <catch2/catch.hpp>

#include <Eigen/Dense>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
using RowMatrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Numpy-style reference: the last two dims are the matrix (a 1-D X is a row [1, K], a 1-D Y a column
// [K, 1]); batch dims broadcast right-aligned; flatten_batch pairs the i-th matrices instead.
std::vector<float> Reference(const Tensor& x, const Tensor& y, bool tx, bool ty, float alpha, bool flatten_batch) {
  std::vector<int64_t> xs = x.dims().vec(), ys = y.dims().vec();
  if (xs.size() == 1) xs.insert(xs.begin(), 1);
  if (ys.size() == 1) ys.push_back(1);
  const int64_t xr = xs[xs.size() - 2], xc = xs.back(), yr = ys[ys.size() - 2], yc = ys.back();
  std::vector<int64_t> bx(xs.begin(), xs.end() - 2), by(ys.begin(), ys.end() - 2);
  size_t nb = std::max(bx.size(), by.size());
  bx.insert(bx.begin(), nb - bx.size(), 1);
  by.insert(by.begin(), nb - by.size(), 1);
  std::vector<int64_t> ob(nb);
  for (size_t i = 0; i < nb; ++i) ob[i] = std::max(bx[i], by[i]);
  int64_t batch = 1;
  for (int64_t d : ob) batch *= d;
  if (flatten_batch) {
    batch = 1;
    for (int64_t d : bx) batch *= d;
  }
  std::vector<float> out;
  for (int64_t b = 0; b < batch; ++b) {
    int64_t xi = 0, yi = 0;
    if (flatten_batch) {
      xi = yi = b;
    } else {
      std::vector<int64_t> idx(nb);
      int64_t rest = b;
      for (size_t d = nb; d-- > 0;) {
        idx[d] = rest % ob[d];
        rest /= ob[d];
      }
      for (size_t d = 0; d < nb; ++d) {
        xi = xi * bx[d] + (bx[d] == 1 ? 0 : idx[d]);
        yi = yi * by[d] + (by[d] == 1 ? 0 : idx[d]);
      }
    }
    Eigen::Map<const RowMatrix> a(x.data<float>() + xi * xr * xc, xr, xc), c(y.data<float>() + yi * yr * yc, yr, yc);
    RowMatrix lhs = tx ? RowMatrix(a.transpose()) : RowMatrix(a);
    RowMatrix rhs = ty ? RowMatrix(c.transpose()) : RowMatrix(c);
    RowMatrix prod = alpha * (lhs * rhs);
    out.insert(out.end(), prod.data(), prod.data() + prod.size());
  }
  return out;
}

Status RunMatMul(OpRunner* r, const Tensor& x, const Tensor& y, bool tx, bool ty, float alpha) {
  const bool v2 = r->desc().type == "matmul_v2";
  r->In("X", "x", x).In("Y", "y", y).Out("Out", "out");
  r->Attr(v2 ? "trans_x" : "transpose_X", Attribute::Bool(tx)).Attr(v2 ? "trans_y" : "transpose_Y", Attribute::Bool(ty));
  if (!v2) r->Attr("alpha", Attribute::Float(alpha));
  return r->Run();
}

// ref_tx/ref_ty: the transposes the reference applies (matmul_v2 ignores them on 1-D operands).
void Check(const char* type, const DDim& xd, const DDim& yd, bool tx, bool ty, float alpha, const DDim& out,
           bool ref_tx, bool ref_ty, bool flatten_batch = false) {
  INFO(type << " X " << xd.ToString() << " Y " << yd.ToString() << " tx " << tx << " ty " << ty);
  Tensor x = RandomTensor(xd, static_cast<uint32_t>(xd.numel() * 7 + yd.numel()));
  Tensor y = RandomTensor(yd, static_cast<uint32_t>(yd.numel() * 5 + 1));
  OpRunner r(type);
  Status s = RunMatMul(&r, x, y, tx, ty, alpha);
  INFO(s.ToString());
  REQUIRE(s.ok());
  CHECK(r.Get("out").dims() == out);
  std::string why;
  CHECK(AllClose(ToVector(r.Get("out")), Reference(x, y, ref_tx, ref_ty, alpha, flatten_batch), 1e-5f, 1e-5f, &why));
  INFO(why);
}
}  // namespace

TEST_CASE("matmul of 2-D operands with transposes matches Eigen", "[op][matmul]") {
  for (const char* type : {"matmul", "matmul_v2"})
    for (int64_t m : {1, 7, 17})
      for (int64_t k : {1, 8, 33})
        for (int64_t n : {4, 15})
          for (bool tx : {false, true})
            for (bool ty : {false, true}) {
              const float alpha = std::string(type) == "matmul" ? 0.5f : 1.f;
              Check(type, tx ? DDim{k, m} : DDim{m, k}, ty ? DDim{n, k} : DDim{k, n}, tx, ty, alpha, {m, n}, tx, ty);
            }
}

TEST_CASE("matmul broadcasts batch dims", "[op][matmul]") {
  for (const char* type : {"matmul", "matmul_v2"}) {
    Check(type, {2, 3, 4, 5}, {2, 3, 5, 6}, false, false, 1.f, {2, 3, 4, 6}, false, false);
    Check(type, {2, 1, 4, 5}, {3, 6, 5}, false, true, 1.f, {2, 3, 4, 6}, false, true);
    Check(type, {4, 3, 5}, {5, 9}, false, false, 1.f, {4, 3, 9}, false, false);
    Check(type, {3, 5}, {4, 5, 9}, false, false, 1.f, {4, 3, 9}, false, false);
    Check(type, {8, 5, 3}, {8, 5, 2}, true, false, 1.f, {8, 3, 2}, true, false);
    Check(type, {1, 17, 32}, {6, 32, 16}, false, false, 1.f, {6, 17, 16}, false, false);
    // One 2-D weight for every batch: the batches run as one GEMM (untransposed X), or one each (transposed).
    Check(type, {2, 3, 7, 33}, {15, 33}, false, true, 1.f, {2, 3, 7, 15}, false, true);
    Check(type, {50, 1, 40}, {40, 24}, false, false, 1.f, {50, 1, 24}, false, false);
    Check(type, {3, 5, 4}, {5, 6}, true, false, 1.f, {3, 4, 6}, true, false);
  }
  // Paddle's matmul pairs equally many matrices even when the batch dims differ; Out takes X's.
  Check("matmul", {2, 3, 4, 5}, {6, 5, 2}, false, false, 2.f, {2, 3, 4, 2}, false, false, true);
}

TEST_CASE("matmul handles 1-D operands as Paddle does", "[op][matmul]") {
  // matmul_v2: numpy (two vectors give a 0-D scalar, as Paddle 2.5+ and ONNX); transposes of 1-D operands
  // are ignored.
  Check("matmul_v2", {5}, {5}, false, false, 1.f, {}, false, false);
  Check("matmul_v2", {5}, {5}, true, true, 1.f, {}, false, false);
  Check("matmul_v2", {5}, {3, 5, 4}, true, false, 1.f, {3, 4}, false, false);
  Check("matmul_v2", {3, 4, 5}, {5}, false, false, 1.f, {3, 4}, false, false);
  Check("matmul_v2", {5, 4}, {5}, true, true, 1.f, {4}, true, false);
  // matmul: a 1-D X is the row [1, K] and a 1-D Y the column [K, 1], transposed as asked.
  Check("matmul", {5}, {5}, false, false, 1.f, {1}, false, false);
  Check("matmul", {5}, {5, 3}, false, false, 1.f, {3}, false, false);
  Check("matmul", {2, 4, 5}, {5}, false, false, 1.f, {2, 4}, false, false);
  Check("matmul", {5}, {1, 3}, true, false, 1.f, {5, 3}, true, false);  // [5,1] x [1,3]
}

TEST_CASE("matmul applies a fused activation", "[op][matmul]") {
  Tensor x = RandomTensor({3, 4}, 1), y = RandomTensor({4, 5}, 2);
  OpRunner r("matmul_v2");
  r.Attr("fuse_activation", Attribute::String("relu"));
  REQUIRE(RunMatMul(&r, x, y, false, false, 1.f).ok());
  std::vector<float> want = Reference(x, y, false, false, 1.f, false);
  bool any_negative = false;
  for (float& v : want) {
    any_negative |= v < 0;
    v = std::max(v, 0.f);
  }
  CHECK(any_negative);
  CHECK(AllClose(ToVector(r.Get("out")), want, 1e-5f, 1e-5f));
}

TEST_CASE("matmul rejects mismatched shapes and unsupported attributes", "[op][matmul]") {
  {
    OpRunner r("matmul_v2");
    Status s = RunMatMul(&r, RandomTensor({3, 4}, 1), RandomTensor({5, 2}, 2), false, false, 1.f);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("columns") != std::string::npos);
  }
  {
    OpRunner r("matmul_v2");
    Status s = RunMatMul(&r, RandomTensor({2, 3, 4}, 1), RandomTensor({3, 4, 2}, 2), false, false, 1.f);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("batch") != std::string::npos);
  }
  {
    OpRunner r("matmul");
    Status s = RunMatMul(&r, RandomTensor({2, 3, 4}, 1), RandomTensor({4, 4, 2}, 2), false, false, 1.f);
    REQUIRE_FALSE(s.ok());  // 2 vs 4 matrices: neither broadcast nor paired
  }
  {
    OpRunner r("matmul");
    r.Attr("head_number", Attribute::Int(2));
    Status s = RunMatMul(&r, RandomTensor({3, 4}, 1), RandomTensor({4, 2}, 2), false, false, 1.f);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("head_number") != std::string::npos);
  }
  {
    OpRunner r("matmul_v2");
    r.Attr("fused_reshape_Out", Attribute::Ints({0, 0, 4, 2}));
    Status s = RunMatMul(&r, RandomTensor({3, 4}, 1), RandomTensor({4, 2}, 2), false, false, 1.f);
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("fused_reshape_Out") != std::string::npos);
  }
}
