// quantize_linear, dequantize_linear and matmul_integer against plain loops written here (ties to even spelled
// out with floor, saturation, zero points; per tensor, per axis, blocked), and a Paddle quantized program
// (quantize_linear -> dequantize_linear around conv2d, int8 weight dequantized per output channel).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "io/ember.h"
#include "io/paddle/paddle_loader.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Round to nearest, ties to even, without the library's rounding functions.
double RoundEven(double v) {
  const double f = std::floor(v), d = v - f;
  if (d != 0.5) return d < 0.5 ? f : f + 1;
  return std::fmod(f, 2.0) == 0 ? f : f + 1;
}

// Index of element i's scale: X as [outer, len, inner], per tensor (scales == 1), per axis or blocked.
int64_t ScaleIndex(int64_t i, const std::vector<int64_t>& dims, int axis, int64_t scales, int64_t block) {
  if (scales == 1 && block == 0) return 0;
  int64_t inner = 1;
  for (size_t d = static_cast<size_t>(axis) + 1; d < dims.size(); ++d) inner *= dims[d];
  const int64_t len = dims[static_cast<size_t>(axis)];
  const int64_t c = (i / inner) % len, o = i / (inner * len), k = i % inner;
  if (block == 0) return c;
  const int64_t nb = (len + block - 1) / block;
  return (o * nb + c / block) * inner + k;
}

// ONNX QuantizeLinear, plainly.
std::vector<double> RefQuantize(const std::vector<float>& x, const std::vector<int64_t>& dims, int axis,
                                const std::vector<float>& scale, const std::vector<double>& zp, int64_t block,
                                double lo, double hi) {
  std::vector<double> y;
  for (size_t i = 0; i < x.size(); ++i) {
    const int64_t s = ScaleIndex(static_cast<int64_t>(i), dims, axis, static_cast<int64_t>(scale.size()), block);
    double q = RoundEven(static_cast<double>(x[i] / scale[s])) + zp[s];
    y.push_back(q < lo ? lo : q > hi ? hi : q);
  }
  return y;
}

std::vector<double> AsDoubles(const Tensor& t) {
  std::vector<double> v;
  for (int64_t i = 0; i < t.numel(); ++i) {
    switch (t.dtype()) {
      case DataType::kInt8: v.push_back(t.data<int8_t>()[i]); break;
      case DataType::kUInt8: v.push_back(t.data<uint8_t>()[i]); break;
      case DataType::kInt32: v.push_back(t.data<int32_t>()[i]); break;
      default: v.push_back(t.data<float>()[i]); break;
    }
  }
  return v;
}

Tensor IntTensor(DataType t, const std::vector<int64_t>& dims, const std::vector<double>& v) {
  DDim d(dims);
  if (t == DataType::kInt8) return MakeTypedTensor<int8_t>(d, std::vector<int8_t>(v.begin(), v.end()));
  if (t == DataType::kUInt8) return MakeTypedTensor<uint8_t>(d, std::vector<uint8_t>(v.begin(), v.end()));
  return MakeTypedTensor<int32_t>(d, std::vector<int32_t>(v.begin(), v.end()));
}

// Runs ONNX-style quantize_linear (step_scale) and returns Y's values; checks its dtype.
std::vector<double> RunQuantize(const Tensor& x, const Tensor& scale, const Tensor* zp, DataType out, int axis,
                                int64_t block = 0) {
  OpRunner r("quantize_linear");
  r.In("X", "x", x).In("Scale", "s", scale).Out("Y", "y");
  if (zp) r.In("ZeroPoint", "zp", *zp);
  r.Attr("quant_axis", Attribute::Int(axis)).Attr("block_size", Attribute::Int(block));
  r.Attr("out_dtype", Attribute::Int(VarDataTypeOf(out))).Attr("step_scale", Attribute::Bool(true));
  Status s = r.Run();
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(r.Get("y").dtype() == out);
  return AsDoubles(r.Get("y"));
}

}  // namespace

TEST_CASE("quantize_linear per tensor: ties to even, saturation at both ends, zero points", "[op][quantize]") {
  // x / 0.5: 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.5, 200, -200, 0
  const std::vector<float> xv = {0.25f, 0.75f, 1.25f, -0.25f, -0.75f, -1.25f, 1.75f, 100.f, -100.f, 0.f};
  Tensor x = MakeTensor({10}, xv), scale = MakeTensor({}, {0.5f});
  SECTION("int8, zero point 0") {
    Tensor zp = IntTensor(DataType::kInt8, {}, {0});
    CHECK(RunQuantize(x, scale, &zp, DataType::kInt8, 1) ==
          std::vector<double>{0, 2, 2, 0, -2, -2, 4, 127, -128, 0});
  }
  SECTION("int8, zero point -3: the zero point is added after rounding, then saturated") {
    Tensor zp = IntTensor(DataType::kInt8, {}, {-3});
    CHECK(RunQuantize(x, scale, &zp, DataType::kInt8, 1) ==
          std::vector<double>{-3, -1, -1, -3, -5, -5, 1, 127, -128, -3});
  }
  SECTION("uint8, zero point 128") {
    Tensor zp = IntTensor(DataType::kUInt8, {}, {128});
    CHECK(RunQuantize(x, scale, &zp, DataType::kUInt8, 1) ==
          std::vector<double>{128, 130, 130, 128, 126, 126, 132, 255, 0, 128});
  }
  SECTION("uint8 without a zero point saturates negatives to 0") {
    CHECK(RunQuantize(x, scale, nullptr, DataType::kUInt8, 1) == std::vector<double>{0, 2, 2, 0, 0, 0, 4, 200, 0, 0});
  }
  SECTION("random values against the plain loop") {
    for (DataType t : {DataType::kInt8, DataType::kUInt8}) {
      std::vector<float> r = RandomVector(257, 11, -40.f, 40.f);
      const double zpv = t == DataType::kInt8 ? 5 : 100, lo = t == DataType::kInt8 ? -128 : 0, hi = lo + 255;
      Tensor zp = IntTensor(t, {1}, {zpv});
      Tensor s1 = MakeTensor({1}, {0.1875f});
      CHECK(RunQuantize(MakeTensor({257}, r), s1, &zp, t, 0) ==
            RefQuantize(r, {257}, 0, {0.1875f}, {zpv}, 0, lo, hi));
    }
  }
}

TEST_CASE("quantize_linear per axis and blocked against the plain loop", "[op][quantize]") {
  const std::vector<int64_t> dims = {2, 3, 4, 5};
  const std::vector<float> xv = RandomVector(120, 21, -6.f, 6.f);
  Tensor x = MakeTensor(DDim(dims), xv);
  for (int axis : {0, 1, 2, 3}) {
    for (DataType t : {DataType::kInt8, DataType::kUInt8}) {
      const int64_t n = dims[static_cast<size_t>(axis)];
      std::vector<float> sv;
      std::vector<double> zv;
      for (int64_t c = 0; c < n; ++c) {
        sv.push_back(0.02f + 0.01f * static_cast<float>(c));
        zv.push_back(t == DataType::kInt8 ? static_cast<double>(c) - 2 : 120 + static_cast<double>(c));
      }
      const double lo = t == DataType::kInt8 ? -128 : 0;
      Tensor zp = IntTensor(t, {n}, zv);
      INFO("axis " << axis << " " << DataTypeName(t));
      CHECK(RunQuantize(x, MakeTensor({n}, sv), &zp, t, axis) == RefQuantize(xv, dims, axis, sv, zv, 0, lo, lo + 255));
      // A negative axis counts from the end.
      CHECK(RunQuantize(x, MakeTensor({n}, sv), &zp, t, axis - 4) ==
            RefQuantize(xv, dims, axis, sv, zv, 0, lo, lo + 255));
    }
  }
  SECTION("blocked: blocks of 2 along axis 3 (5 = 2 + 2 + 1)") {
    std::vector<float> sv = RandomVector(2 * 3 * 4 * 3, 5, 0.01f, 0.1f);
    std::vector<double> zv(sv.size());
    for (size_t i = 0; i < zv.size(); ++i) zv[i] = static_cast<double>(i % 7) - 3;
    Tensor zp = IntTensor(DataType::kInt8, {2, 3, 4, 3}, zv);
    CHECK(RunQuantize(x, MakeTensor({2, 3, 4, 3}, sv), &zp, DataType::kInt8, 3, 2) ==
          RefQuantize(xv, dims, 3, sv, zv, 2, -128, 127));
  }
  SECTION("a scale that fits no layout is an error naming it") {
    OpRunner r("quantize_linear");
    r.In("X", "x", x).In("Scale", "s", MakeTensor({4}, {1, 1, 1, 1})).Out("Y", "y");
    r.Attr("quant_axis", Attribute::Int(1)).Attr("step_scale", Attribute::Bool(true));
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("Scale") != std::string::npos);
  }
}

TEST_CASE("dequantize_linear int8, uint8 and int32, per tensor, per axis and blocked", "[op][quantize]") {
  std::mt19937 rng(3);
  const std::vector<int64_t> dims = {3, 4, 6};
  for (DataType t : {DataType::kInt8, DataType::kUInt8, DataType::kInt32}) {
    std::vector<double> xv;
    for (int i = 0; i < 72; ++i)
      xv.push_back(t == DataType::kUInt8  ? static_cast<double>(rng() % 256)
                   : t == DataType::kInt8 ? static_cast<double>(rng() % 256) - 128
                                          : static_cast<double>(rng() % 20001) - 10000);
    for (int64_t block : {0, 4}) {
      for (int axis : {-1, 1, 2}) {
        if (block && axis != 2) continue;
        // axis -1 with a single scale: per tensor.
        const int ax = axis < 0 ? 0 : axis;
        std::vector<int64_t> sdims = axis < 0 ? std::vector<int64_t>{} : std::vector<int64_t>{dims[ax]};
        if (block) sdims = {3, 4, 2};
        int64_t ns = 1;
        for (int64_t d : sdims) ns *= d;
        std::vector<float> sv = RandomVector(static_cast<size_t>(ns), 8, 0.001f, 0.5f);
        std::vector<double> zv(static_cast<size_t>(ns), 0);
        for (size_t i = 0; t != DataType::kInt32 && i < zv.size(); ++i)
          zv[i] = t == DataType::kUInt8 ? 128 + static_cast<double>(i % 5) : static_cast<double>(i % 5) - 2;
        OpRunner r("dequantize_linear");
        r.In("X", "x", IntTensor(t, dims, xv)).In("Scale", "s", MakeTensor(DDim(sdims), sv)).Out("Y", "y");
        r.In("ZeroPoint", "zp", IntTensor(t, sdims, zv));
        r.Attr("quant_axis", Attribute::Int(axis)).Attr("block_size", Attribute::Int(block));
        r.Attr("step_scale", Attribute::Bool(true));
        Status s = r.Run();
        INFO(DataTypeName(t) << " axis " << axis << " block " << block << ": " << s.message());
        REQUIRE(s.ok());
        REQUIRE(r.Get("y").dtype() == DataType::kFloat32);
        std::vector<float> want;
        for (size_t i = 0; i < xv.size(); ++i) {
          const int64_t k = ScaleIndex(static_cast<int64_t>(i), dims, ax, ns, block);
          want.push_back((static_cast<float>(xv[i]) - static_cast<float>(zv[k])) * sv[k]);
        }
        CHECK(ToVector(r.Get("y")) == want);
      }
    }
  }
}

TEST_CASE("quantize_linear / dequantize_linear with Paddle's Scale (abs max of the range)", "[op][quantize]") {
  const std::vector<float> xv = RandomVector(64, 4, -2.5f, 2.5f);
  const float absmax = 2.f;  // values beyond it saturate
  OpRunner q("quantize_linear");
  q.In("X", "x", MakeTensor({64}, xv)).In("Scale", "s", MakeTensor({1}, {absmax}));
  q.In("ZeroPoint", "zp", MakeTypedTensor<int32_t>({1}, {0})).Out("Y", "y");
  q.Attr("quant_axis", Attribute::Int(-1)).Attr("bit_length", Attribute::Int(8));
  REQUIRE(q.Run().ok());
  const Tensor& y = q.Get("y");
  REQUIRE(y.dtype() == DataType::kFloat32);  // Paddle keeps the integer values in float32
  for (size_t i = 0; i < xv.size(); ++i) {
    const double want = std::max(-128.0, std::min(127.0, RoundEven(127.0f * (1.0f / absmax) * xv[i])));
    CHECK(y.data<float>()[i] == want);
  }
  OpRunner d("dequantize_linear");
  d.In("X", "q", y).In("Scale", "s", MakeTensor({1}, {absmax}));
  d.In("ZeroPoint", "zp", MakeTypedTensor<int32_t>({1}, {0}));
  d.Out("Y", "out").Attr("quant_axis", Attribute::Int(-1)).Attr("bit_length", Attribute::Int(8));
  REQUIRE(d.Run().ok());
  for (size_t i = 0; i < xv.size(); ++i) {
    const float clipped = std::max(-absmax * 128 / 127, std::min(absmax, xv[i]));
    CHECK(std::fabs(d.Get("out").data<float>()[i] - clipped) <= absmax / 127 / 2 + 1e-6f);
  }
}

TEST_CASE("quantize_linear rounds every tie both ways and saturates, over a long run, like the plain loop",
          "[op][quantize]") {
  // Ties (k / 2) and near-ties across the int8 / int16 ranges, NaN, infinities, huge values and a denormal;
  // per tensor (one long run) and per axis (runs of 37, a vector's tail).
  std::vector<float> xv;
  for (int k = -1200; k <= 1200; ++k) xv.push_back(0.25f * static_cast<float>(k));  // x / 0.5 = k / 2
  for (float v : {1e30f, -1e30f, INFINITY, -INFINITY, NAN, 1e-40f, 0.2499999f, -0.2500001f, 16777216.f})
    xv.push_back(v);
  while (xv.size() % 37 != 0) xv.push_back(0.75f);
  const int64_t n = static_cast<int64_t>(xv.size()), rows = n / 37;
  for (int round_type : {0, 1}) {
    for (bool per_axis : {false, true}) {
      OpRunner q("quantize_linear");
      const std::vector<float> sv(per_axis ? static_cast<size_t>(rows) : 1, 0.5f);
      q.In("X", "x", MakeTensor({rows, 37}, xv)).In("Scale", "s", MakeTensor({per_axis ? rows : 1}, sv));
      q.In("ZeroPoint", "zp", MakeTypedTensor<int32_t>({per_axis ? rows : 1},
                                                         std::vector<int32_t>(sv.size(), 3))).Out("Y", "y");
      q.Attr("quant_axis", Attribute::Int(0)).Attr("step_scale", Attribute::Bool(true));
      q.Attr("round_type", Attribute::Int(round_type)).Attr("bit_length", Attribute::Int(16));
      REQUIRE(q.Run().ok());
      const float* y = q.Get("y").data<float>();
      int bad = 0;
      for (int64_t i = 0; i < n; ++i) {
        const double v = static_cast<double>(xv[i] / 0.5f);
        const double r = round_type == 1 ? (v < 0 ? -std::floor(-v + 0.5) : std::floor(v + 0.5)) : RoundEven(v);
        // Paddle's float output: [-bin, bin] with ties away (round_type 1), [-bin - 1, bin] with ties to even
        const double lo = round_type == 1 ? -32767.0 : -32768.0;
        const double want = std::isnan(v) ? 3 : std::max(lo, std::min(32767.0, r + 3));
        if (y[i] != want && bad++ < 5) UNSCOPED_INFO("x " << xv[i] << ": got " << y[i] << ", want " << want);
      }
      INFO("round_type " << round_type << " per_axis " << per_axis);
      CHECK(bad == 0);
    }
  }
}

TEST_CASE("quantize_linear past 2^22: a Paddle qmax and an int32 zero point that large stay exact",
          "[op][quantize]") {
  SECTION("qmax 5e6, float output: 5e6 * x / scale") {
    OpRunner q("quantize_linear");
    q.In("X", "x", MakeTensor({4}, {1.f, -1.f, 0.5f, 0.1f})).In("Scale", "s", MakeTensor({1}, {1.f})).Out("Y", "y");
    q.Attr("quant_axis", Attribute::Int(-1)).Attr("qmax", Attribute::Int(5000000));
    REQUIRE(q.Run().ok());
    // 0.1f * 5e6 in float: 500000.0075 -> 500000
    CHECK(ToVector(q.Get("y")) == std::vector<float>{5000000.f, -5000000.f, 2500000.f, 500000.f});
  }
  SECTION("int8 output, int32 zero point -5e6: round(x) + zp, then saturated") {
    Tensor x = MakeTensor({4}, {5000010.f, 5000000.f, 5000200.f, 0.f}), scale = MakeTensor({}, {1.f});
    Tensor zp = IntTensor(DataType::kInt32, {}, {-5000000});
    CHECK(RunQuantize(x, scale, &zp, DataType::kInt8, 1) == std::vector<double>{10, 0, 127, -128});
  }
}

TEST_CASE("quantize_linear / dequantize_linear: newer Paddle's qmax and only_observer", "[op][quantize]") {
  const std::vector<float> xv = {0.5f, -0.25f, 1.f, -1.f, 0.01f};
  for (bool observer : {false, true}) {
    OpRunner q("quantize_linear");
    q.In("X", "x", MakeTensor({5}, xv)).In("Scale", "s", MakeTensor({1}, {1.f})).Out("Y", "y");
    q.Attr("quant_axis", Attribute::Int(-1)).Attr("qmax", Attribute::Int(7)).Attr("bit_length", Attribute::Int(4));
    q.Attr("only_observer", Attribute::Bool(observer));
    REQUIRE(q.Run().ok());
    // 7 * x: 3.5 -> 4, -1.75 -> -2, 7, -7, 0.07 -> 0; an observer copies.
    CHECK(ToVector(q.Get("y")) == (observer ? xv : std::vector<float>{4, -2, 7, -7, 0}));
    OpRunner d("dequantize_linear");
    d.In("X", "q", q.Get("y")).In("Scale", "s", MakeTensor({1}, {1.f})).Out("Y", "out");
    d.Attr("quant_axis", Attribute::Int(-1)).Attr("qmax", Attribute::Int(7));
    d.Attr("only_observer", Attribute::Bool(observer));
    REQUIRE(d.Run().ok());
    CHECK(ToVector(d.Get("out")) == (observer ? xv : std::vector<float>{4.f / 7, -2.f / 7, 1, -1, 0}));
  }
}

TEST_CASE("matmul_integer is the exact integer product with zero points and broadcasting", "[op][quantize]") {
  std::mt19937 rng(9);
  auto ints = [&](DataType t, const std::vector<int64_t>& dims) {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i)
      v.push_back(static_cast<double>(rng() % 256) - (t == DataType::kUInt8 ? 0 : 128));
    return v;
  };
  struct Case { std::vector<int64_t> a, b, out; bool per_row; };
  const Case cases[] = {{{4, 3}, {3, 2}, {4, 2}, false}, {{2, 1, 5, 7}, {3, 7, 4}, {2, 3, 5, 4}, true},
                        {{7}, {7, 3}, {3}, false}, {{2, 5, 7}, {7}, {2, 5}, false}};
  for (const Case& cs : cases) {
    for (DataType ta : {DataType::kInt8, DataType::kUInt8}) {
      const DataType tb = ta == DataType::kInt8 ? DataType::kUInt8 : DataType::kInt8;
      const std::vector<double> av = ints(ta, cs.a), bv = ints(tb, cs.b);
      const int64_t m = cs.a.size() == 1 ? 1 : cs.a[cs.a.size() - 2], k = cs.a.back();
      const int64_t n = cs.b.size() == 1 ? 1 : cs.b.back();
      const std::vector<double> za = cs.per_row ? ints(ta, {m}) : ints(ta, {}), zb = ints(tb, {n});
      OpRunner r("matmul_integer");
      r.In("X", "a", IntTensor(ta, cs.a, av)).In("Y", "b", IntTensor(tb, cs.b, bv)).Out("Out", "c");
      r.In("XZeroPoint", "za", IntTensor(ta, cs.per_row ? std::vector<int64_t>{m} : std::vector<int64_t>{}, za));
      r.In("YZeroPoint", "zb", IntTensor(tb, {n}, zb));
      Status s = r.Run();
      INFO(s.message());
      REQUIRE(s.ok());
      const Tensor& c = r.Get("c");
      REQUIRE(c.dtype() == DataType::kInt32);
      REQUIRE(c.dims().vec() == cs.out);
      // Batches: a's and b's matrices by broadcast index (the cases broadcast only leading dims of size 1).
      const int64_t batches = c.numel() / (m * n);
      const int64_t a_mats = static_cast<int64_t>(av.size()) / (m * k);
      const int64_t b_mats = static_cast<int64_t>(bv.size()) / (k * n);
      for (int64_t bt = 0; bt < batches; ++bt) {
        const int64_t ai = cs.a.size() == 4 ? bt / 3 : bt % a_mats, bi = bt % b_mats;
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < n; ++j) {
            int64_t want = 0;
            for (int64_t l = 0; l < k; ++l)
              want += static_cast<int64_t>(av[ai * m * k + i * k + l] - za[za.size() == 1 ? 0 : i]) *
                      static_cast<int64_t>(bv[bi * k * n + l * n + j] - zb[j]);
            CHECK(c.data<int32_t>()[(bt * m + i) * n + j] == want);
          }
      }
    }
  }
}

namespace {

// Direct convolution, stride 1, padding 1, NCHW, for the Paddle program test.
std::vector<float> RefConv(const std::vector<float>& x, const std::vector<float>& w, int64_t cin, int64_t cout,
                           int64_t h, int64_t wd) {
  std::vector<float> y(static_cast<size_t>(cout * h * wd), 0.f);
  for (int64_t o = 0; o < cout; ++o)
    for (int64_t i = 0; i < h; ++i)
      for (int64_t j = 0; j < wd; ++j) {
        double acc = 0;
        for (int64_t c = 0; c < cin; ++c)
          for (int64_t ki = 0; ki < 3; ++ki)
            for (int64_t kj = 0; kj < 3; ++kj) {
              const int64_t ii = i + ki - 1, jj = j + kj - 1;
              if (ii < 0 || jj < 0 || ii >= h || jj >= wd) continue;
              acc += static_cast<double>(x[(c * h + ii) * wd + jj]) * w[((o * cin + c) * 3 + ki) * 3 + kj];
            }
        y[(o * h + i) * wd + j] = static_cast<float>(acc);
      }
  return y;
}

}  // namespace

TEST_CASE("A Paddle quantized program (quantize -> dequantize around conv2d, int8 weight) runs", "[op][quantize]") {
  const int64_t cin = 2, cout = 3, h = 6, wd = 5;
  const std::vector<float> wf = RandomVector(static_cast<size_t>(cout * cin * 9), 31, -0.8f, 0.8f);
  // The weight as PaddleSlim saves it: int8 per output channel, Scale the channel's abs max.
  std::vector<float> wscale(cout, 0.f);
  for (int64_t i = 0; i < static_cast<int64_t>(wf.size()); ++i)
    wscale[i / (cin * 9)] = std::max(wscale[i / (cin * 9)], std::fabs(wf[i]));
  std::vector<int8_t> wq;
  for (int64_t i = 0; i < static_cast<int64_t>(wf.size()); ++i)
    wq.push_back(static_cast<int8_t>(RoundEven(wf[i] / wscale[i / (cin * 9)] * 127)));
  const float xscale = 1.f;  // the activation's abs max
  ProgramBuilder pb;
  pb.Feed("x", {1, cin, h, wd})
      .Weight("x.scale", MakeTensor({1}, {xscale}))
      .Weight("x.zp", MakeTypedTensor<int32_t>({1}, {0}))
      .Weight("w", MakeTypedTensor<int8_t>({cout, cin, 3, 3}, wq))
      .Weight("w.scale", MakeTensor({cout}, wscale))
      .Weight("w.zp", MakeTypedTensor<int32_t>({cout}, {0, 0, 0}))
      .Op("quantize_linear", {{"X", {"x"}}, {"Scale", {"x.scale"}}, {"ZeroPoint", {"x.zp"}}}, {{"Y", {"x.q"}}},
          {{"quant_axis", Attribute::Int(-1)}, {"bit_length", Attribute::Int(8)}})
      .Op("dequantize_linear", {{"X", {"x.q"}}, {"Scale", {"x.scale"}}, {"ZeroPoint", {"x.zp"}}}, {{"Y", {"x.dq"}}},
          {{"quant_axis", Attribute::Int(-1)}, {"bit_length", Attribute::Int(8)}})
      .Op("dequantize_linear", {{"X", {"w"}}, {"Scale", {"w.scale"}}, {"ZeroPoint", {"w.zp"}}}, {{"Y", {"w.dq"}}},
          {{"quant_axis", Attribute::Int(0)}, {"bit_length", Attribute::Int(8)}})
      .Op("conv2d", {{"Input", {"x.dq"}}, {"Filter", {"w.dq"}}}, {{"Output", {"y"}}},
          {{"strides", Attribute::Ints({1, 1})}, {"paddings", Attribute::Ints({1, 1})},
           {"dilations", Attribute::Ints({1, 1})}, {"groups", Attribute::Int(1)}})
      .Fetch("y");
  std::string model, params;
  pb.Serialize(&model, &params);
  std::shared_ptr<const Model> m;
  Status s = Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m);
  INFO(s.message());
  REQUIRE(s.ok());
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(m, {}, &p).ok());
  const std::vector<float> xv = RandomVector(static_cast<size_t>(cin * h * wd), 32, -1.f, 1.f);
  REQUIRE(p->SetInput("x", MakeTensor({1, cin, h, wd}, xv)).ok());
  s = p->Run();
  INFO(s.message());
  REQUIRE(s.ok());
  const Tensor* y = nullptr;
  REQUIRE(p->GetOutput("y", &y).ok());
  // Exactly the convolution of the quantized values (float32 sums of few terms: a tight tolerance) ...
  std::vector<float> xd, wd_;
  for (float v : xv) xd.push_back(static_cast<float>(RoundEven(127.0f * (1.0f / xscale) * v)) * xscale / 127);
  for (size_t i = 0; i < wq.size(); ++i) wd_.push_back(wq[i] * wscale[i / (cin * 9)] / 127);
  CHECK(AllClose(ToVector(*y), RefConv(xd, wd_, cin, cout, h, wd), 1e-5f, 1e-5f));
  // ... and the float model's result within the quantization error: each of the 18 products is off by at
  // most |x| * step_w / 2 + |w| * step_x / 2 (+ their product).
  const float bound = 18 * (1.f * 0.8f / 127 / 2 + 0.8f * xscale / 127 / 2 + 0.8f / 127 / 127);
  CHECK(AllClose(ToVector(*y), RefConv(xv, wf, cin, cout, h, wd), bound, 0.f));
}

TEST_CASE("conv2d_integer is the exact integer convolution with zero points, groups, strides, dilations, pads",
          "[op][quantize]") {
  std::mt19937 rng(17);
  struct Case { int64_t n, cin, h, w, cout, k, groups, stride, dil, pad; };
  const Case cases[] = {{1, 3, 7, 6, 4, 3, 1, 1, 1, 1}, {2, 4, 9, 8, 6, 3, 2, 2, 1, 0}, {1, 2, 8, 8, 2, 2, 2, 1, 2, 2}};
  for (const Case& cs : cases) {
    const int64_t cin_g = cs.cin / cs.groups, cout_g = cs.cout / cs.groups;
    std::vector<double> xv, wv, wz;
    for (int64_t i = 0; i < cs.n * cs.cin * cs.h * cs.w; ++i) xv.push_back(static_cast<double>(rng() % 256));
    for (int64_t i = 0; i < cs.cout * cin_g * cs.k * cs.k; ++i) wv.push_back(static_cast<double>(rng() % 256) - 128);
    for (int64_t o = 0; o < cs.cout; ++o) wz.push_back(static_cast<double>(o) - 1);
    const double xz = 131;
    OpRunner r("conv2d_integer");
    r.In("Input", "x", IntTensor(DataType::kUInt8, {cs.n, cs.cin, cs.h, cs.w}, xv));
    r.In("Filter", "w", IntTensor(DataType::kInt8, {cs.cout, cin_g, cs.k, cs.k}, wv));
    r.In("InputZeroPoint", "xz", IntTensor(DataType::kUInt8, {}, {xz}));
    r.In("FilterZeroPoint", "wz", IntTensor(DataType::kInt8, {cs.cout}, wz)).Out("Output", "y");
    r.Attr("strides", Attribute::Ints({cs.stride, cs.stride})).Attr("paddings", Attribute::Ints({cs.pad, cs.pad}));
    r.Attr("dilations", Attribute::Ints({cs.dil, cs.dil})).Attr("groups", Attribute::Int(cs.groups));
    Status s = r.Run();
    INFO(s.message());
    REQUIRE(s.ok());
    const Tensor& y = r.Get("y");
    REQUIRE(y.dtype() == DataType::kInt32);
    const int64_t oh = (cs.h + 2 * cs.pad - cs.dil * (cs.k - 1) - 1) / cs.stride + 1;
    const int64_t ow = (cs.w + 2 * cs.pad - cs.dil * (cs.k - 1) - 1) / cs.stride + 1;
    REQUIRE(y.dims().vec() == std::vector<int64_t>{cs.n, cs.cout, oh, ow});
    int64_t at = 0;
    for (int64_t n = 0; n < cs.n; ++n)
      for (int64_t o = 0; o < cs.cout; ++o)
        for (int64_t i = 0; i < oh; ++i)
          for (int64_t j = 0; j < ow; ++j, ++at) {
            double want = 0;
            for (int64_t c = 0; c < cin_g; ++c)
              for (int64_t a = 0; a < cs.k; ++a)
                for (int64_t b = 0; b < cs.k; ++b) {
                  const int64_t ii = i * cs.stride - cs.pad + a * cs.dil, jj = j * cs.stride - cs.pad + b * cs.dil;
                  if (ii < 0 || jj < 0 || ii >= cs.h || jj >= cs.w) continue;  // padding: the zero point
                  const int64_t ch = (o / cout_g) * cin_g + c;
                  want += (xv[static_cast<size_t>(((n * cs.cin + ch) * cs.h + ii) * cs.w + jj)] - xz) *
                          (wv[static_cast<size_t>(((o * cin_g + c) * cs.k + a) * cs.k + b)] - wz[o]);
                }
            CHECK(y.data<int32_t>()[at] == want);
          }
  }
}

TEST_CASE("A Paddle quantized program with mul: the int8 weight dequantized per column (quant_axis 1)",
          "[op][quantize]") {
  const int64_t M = 3, K = 6, N = 4;
  std::mt19937 rng(41);
  std::vector<int8_t> wq;
  for (int64_t i = 0; i < K * N; ++i) wq.push_back(static_cast<int8_t>(static_cast<int>(rng() % 255) - 127));
  const std::vector<float> wscale = {0.5f, 0.25f, 1.f, 0.75f}, xscale = {2.f};
  ProgramBuilder pb;
  pb.Feed("x", {M, K})
      .Weight("x.scale", MakeTensor({1}, xscale))
      .Weight("zp", MakeTypedTensor<int32_t>({1}, {0}))
      .Weight("w", MakeTypedTensor<int8_t>({K, N}, wq))
      .Weight("w.scale", MakeTensor({N}, wscale))
      .Weight("w.zp", MakeTypedTensor<int32_t>({N}, {0, 0, 0, 0}))
      .Op("quantize_linear", {{"X", {"x"}}, {"Scale", {"x.scale"}}, {"ZeroPoint", {"zp"}}}, {{"Y", {"x.q"}}},
          {{"quant_axis", Attribute::Int(-1)}, {"bit_length", Attribute::Int(8)}})
      .Op("dequantize_linear", {{"X", {"x.q"}}, {"Scale", {"x.scale"}}, {"ZeroPoint", {"zp"}}}, {{"Y", {"x.dq"}}},
          {{"quant_axis", Attribute::Int(-1)}, {"bit_length", Attribute::Int(8)}})
      .Op("dequantize_linear", {{"X", {"w"}}, {"Scale", {"w.scale"}}, {"ZeroPoint", {"w.zp"}}}, {{"Y", {"w.dq"}}},
          {{"quant_axis", Attribute::Int(1)}, {"bit_length", Attribute::Int(8)}})
      .Op("mul", {{"X", {"x.dq"}}, {"Y", {"w.dq"}}}, {{"Out", {"y"}}},
          {{"x_num_col_dims", Attribute::Int(1)}, {"y_num_col_dims", Attribute::Int(1)}})
      .Fetch("y");
  std::string model, params;
  pb.Serialize(&model, &params);
  std::shared_ptr<const Model> m;
  Status s = Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m);
  INFO(s.message());
  REQUIRE(s.ok());
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(m, {}, &p).ok());
  const std::vector<float> xv = RandomVector(static_cast<size_t>(M * K), 42, -2.f, 2.f);
  REQUIRE(p->SetInput("x", MakeTensor({M, K}, xv)).ok());
  REQUIRE(p->Run().ok());
  const Tensor* y = nullptr;
  REQUIRE(p->GetOutput("y", &y).ok());
  std::vector<float> want(static_cast<size_t>(M * N)), exact(static_cast<size_t>(M * N));
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      double acc = 0, acc_exact = 0;
      for (int64_t k = 0; k < K; ++k) {
        const double xq = RoundEven(127.0f * (1.0f / xscale[0]) * xv[i * K + k]) * xscale[0] / 127;
        acc += xq * (wq[k * N + j] * wscale[j] / 127);
        acc_exact += xv[i * K + k] * (wq[k * N + j] * wscale[j] / 127);
      }
      want[i * N + j] = static_cast<float>(acc);
      exact[i * N + j] = static_cast<float>(acc_exact);
    }
  CHECK(AllClose(ToVector(*y), want, 1e-5f, 1e-5f));
  // Against the unquantized activation: K products, each off by at most |w| * step_x / 2.
  CHECK(AllClose(ToVector(*y), exact, K * 1.f * xscale[0] / 127 / 2 + 1e-5f, 0.f));
}
