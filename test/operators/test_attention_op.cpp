// attention, rms_norm and rotary_embedding (the fused transformer ops ONNX 23 brings) against plain loops
// written here and ref::Attention; ONNX's own outputs check them again in the conformance test.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "framework/parallel.h"
#include "operators/kernel/central-arm-func/attention_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct AttnCase {
  int64_t b, hq, hkv, l, s, past, d, dv;
  bool three_d, causal, mask, bool_mask, softcap;
};

// x [B, N, H * D] as [B, H, N, D].
std::vector<float> To4d(const std::vector<float>& x, int64_t b, int64_t n, int64_t h, int64_t d) {
  std::vector<float> y(x.size());
  for (int64_t i = 0; i < b; ++i)
    for (int64_t j = 0; j < n; ++j)
      for (int64_t k = 0; k < h; ++k)
        for (int64_t c = 0; c < d; ++c) y[((i * h + k) * n + j) * d + c] = x[((i * n + j) * h + k) * d + c];
  return y;
}

// [B, Hkv, P, size] past then [B, Hkv, S, size] new rows.
std::vector<float> Concat(const std::vector<float>& past, const std::vector<float>& now, const AttnCase& c,
                          int64_t size) {
  std::vector<float> y;
  for (int64_t i = 0; i < c.b * c.hkv; ++i) {
    y.insert(y.end(), past.begin() + i * c.past * size, past.begin() + (i + 1) * c.past * size);
    y.insert(y.end(), now.begin() + i * c.s * size, now.begin() + (i + 1) * c.s * size);
  }
  return y;
}

void CheckAttention(const AttnCase& c, int threads) {
  INFO("B" << c.b << " Hq" << c.hq << " Hkv" << c.hkv << " L" << c.l << " S" << c.s << " P" << c.past << " D"
            << c.d << " Dv" << c.dv << " 3d " << c.three_d << " causal " << c.causal << " mask " << c.mask
            << " bool " << c.bool_mask << " softcap " << c.softcap << " threads " << threads);
  const int64_t t = c.past + c.s, mask_keys = t - 1;  // the mask leaves the last key out: masked
  auto dims = [&](int64_t h, int64_t n, int64_t size) {
    return c.three_d ? DDim({c.b, n, h * size}) : DDim({c.b, h, n, size});
  };
  Tensor q = RandomTensor(dims(c.hq, c.l, c.d), 1), k = RandomTensor(dims(c.hkv, c.s, c.d), 2);
  Tensor v = RandomTensor(dims(c.hkv, c.s, c.dv), 3);
  Tensor pk = RandomTensor({c.b, c.hkv, c.past, c.d}, 4), pv = RandomTensor({c.b, c.hkv, c.past, c.dv}, 5);
  Tensor fmask = RandomTensor({c.l, mask_keys}, 6, -2.f, 2.f);
  Tensor bmask(DataType::kBool, DDim({c.b, 1, c.l, mask_keys}));
  for (int64_t i = 0; i < bmask.numel(); ++i) bmask.mutable_data<bool>()[i] = (i * 7) % 5 != 0;
  OpRunner r("attention");
  r.In("Q", "q", q).In("K", "k", k).In("V", "v", v).Out("Out", "y").Out("PresentKey", "pk_out");
  if (c.past) r.In("PastKey", "pk", pk).In("PastValue", "pv", pv);
  if (c.mask) r.In("AttnMask", "m", c.bool_mask ? bmask : fmask);
  r.Attr("is_causal", Attribute::Bool(c.causal)).Attr("q_num_heads", Attribute::Int(c.hq))
      .Attr("kv_num_heads", Attribute::Int(c.hkv));
  if (c.softcap) r.Attr("softcap", Attribute::Float(1.5f));
  SetMaxThreads(threads);
  Status s = r.Run();
  SetMaxThreads(1);
  INFO(s.ToString());
  REQUIRE(s.ok());

  AttentionParam p;  // what ref::Attention reads
  p.batch = c.b, p.hq = c.hq, p.hkv = c.hkv, p.len_q = c.l, p.total = t, p.d = c.d, p.dv = c.dv;
  p.used_scale = static_cast<float>(1 / std::sqrt(static_cast<double>(c.d)));
  p.softcap = c.softcap ? 1.5f : 0.f;
  auto four = [&](const Tensor& x, int64_t h, int64_t n, int64_t size) {
    return c.three_d ? To4d(ToVector(x), c.b, n, h, size) : ToVector(x);
  };
  const std::vector<float> k4 = Concat(ToVector(pk), four(k, c.hkv, c.s, c.d), c, c.d);
  const std::vector<float> v4 = Concat(ToVector(pv), four(v, c.hkv, c.s, c.dv), c, c.dv);
  const std::vector<float> fm = ToVector(fmask);
  auto mask = [&](int64_t b, int64_t, int64_t i, int64_t j) -> double {
    const double inf = std::numeric_limits<double>::infinity();
    if (c.causal && j > i + c.past) return -inf;
    if (!c.mask) return 0;
    if (j >= mask_keys) return -inf;
    if (c.bool_mask) return bmask.data<bool>()[(b * c.l + i) * mask_keys + j] ? 0 : -inf;
    return fm[static_cast<size_t>(i * mask_keys + j)];
  };
  std::vector<float> want = ref::Attention(p, four(q, c.hq, c.l, c.d), k4, v4, mask);
  std::vector<float> got = four(r.Get("y"), c.hq, c.l, c.dv);
  std::string why;
  CHECK(AllClose(got, want, 1e-5f, 1e-4f, &why));
  INFO(why);
  CHECK(ToVector(r.Get("pk_out")) == k4);
}

}  // namespace

TEST_CASE("attention matches the plain loop: layouts, GQA, past, masks, causal, softcap, query blocks",
          "[op][attention]") {
  // b, hq, hkv, l, s, past, d, dv, 3d, causal, mask, bool mask, softcap
  const std::vector<AttnCase> cases = {
      {1, 2, 2, 5, 5, 0, 8, 8, false, false, false, false, false},
      {2, 4, 2, 7, 9, 0, 16, 8, true, false, true, false, false},
      {1, 4, 1, 70, 70, 0, 32, 32, true, true, false, false, false},   // two query blocks, causal
      {2, 2, 1, 3, 4, 6, 8, 12, false, true, true, true, false},       // past, causal after it, bool mask
      {1, 6, 3, 129, 40, 3, 12, 5, false, false, true, false, true},   // three blocks, softcap
      {1, 1, 1, 1, 1, 0, 4, 4, true, false, false, false, false},
  };
  for (const AttnCase& c : cases)
    for (int threads : {1, 3}) CheckAttention(c, threads);
}

TEST_CASE("attention writes QkOutput per mode and zeros a fully masked row", "[op][attention]") {
  Tensor q = RandomTensor({1, 1, 2, 4}, 1), k = RandomTensor({1, 1, 3, 4}, 2), v = RandomTensor({1, 1, 3, 4}, 3);
  Tensor m(DataType::kBool, DDim({2, 3}));
  for (int i = 0; i < 6; ++i) m.mutable_data<bool>()[i] = i >= 3;  // row 0 masked entirely
  std::vector<std::vector<float>> qk(4);
  for (int mode = 0; mode < 4; ++mode) {
    OpRunner r("attention");
    r.In("Q", "q", q).In("K", "k", k).In("V", "v", v).In("AttnMask", "m", m).Out("Out", "y")
        .Out("QkOutput", "qk").Attr("qk_matmul_output_mode", Attribute::Int(mode));
    REQUIRE(r.Run().ok());
    qk[static_cast<size_t>(mode)] = ToVector(r.Get("qk"));
    CHECK(ToVector(r.Get("y"))[0] == 0.f);  // the masked row's output
    CHECK(ToVector(r.Get("y"))[4] != 0.f);
  }
  const std::vector<float> qv = ToVector(q), kv = ToVector(k);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) {
      double s = 0;
      for (int c = 0; c < 4; ++c) s += qv[static_cast<size_t>(i * 4 + c)] * kv[static_cast<size_t>(j * 4 + c)];
      CHECK(qk[0][static_cast<size_t>(i * 3 + j)] == Approx(s / 2).margin(1e-6));  // scale 1 / sqrt(4)
      CHECK(qk[1] == qk[0]);  // no softcap: mode 1 is mode 0
      CHECK(std::isinf(qk[2][static_cast<size_t>(j)]));
    }
  CHECK(qk[3][0] == 0.f);
  CHECK(qk[3][3] + qk[3][4] + qk[3][5] == Approx(1.0));
}

TEST_CASE("attention rejects mismatched shapes and heads", "[op][attention]") {
  auto run = [](const DDim& qd, const DDim& kd, int64_t hq, int64_t hkv) {
    OpRunner r("attention");
    r.In("Q", "q", RandomTensor(qd, 1)).In("K", "k", RandomTensor(kd, 2)).In("V", "v", RandomTensor(kd, 3))
        .Out("Out", "y").Attr("q_num_heads", Attribute::Int(hq)).Attr("kv_num_heads", Attribute::Int(hkv));
    return r.Run();
  };
  CHECK(run({1, 4, 5, 8}, {1, 2, 6, 8}, 0, 0).ok());
  Status s = run({1, 3, 5, 8}, {1, 2, 6, 8}, 0, 0);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("multiple") != std::string::npos);
  s = run({1, 5, 12}, {1, 6, 12}, 0, 0);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("q_num_heads") != std::string::npos);
  CHECK_FALSE(run({1, 4, 5, 8}, {1, 2, 6, 4}, 0, 0).ok());  // head sizes differ
}

TEST_CASE("rms_norm matches a plain loop, with a broadcast scale", "[op][rms_norm]") {
  Tensor x = RandomTensor({2, 3, 5}, 7);
  for (int axis : {-1, 1, 0}) {
    INFO("axis " << axis);
    const DDim scale_dims = axis == -1 ? DDim({5}) : axis == 1 ? DDim({1, 5}) : DDim({3, 1});
    Tensor scale = RandomTensor(scale_dims, 8);
    OpRunner r("rms_norm");
    r.In("X", "x", x).In("Scale", "s", scale).Out("Y", "y").Attr("begin_norm_axis", Attribute::Int(axis))
        .Attr("epsilon", Attribute::Float(0.01f));
    REQUIRE(r.Run().ok());
    const int64_t a = axis < 0 ? 2 : axis, right = a == 2 ? 5 : a == 1 ? 15 : 30;
    std::vector<float> xv = ToVector(x), sv = ToVector(scale), want;
    for (int64_t row = 0; row < 30 / right; ++row) {
      double sq = 0;
      for (int64_t k = 0; k < right; ++k) sq += std::pow(xv[static_cast<size_t>(row * right + k)], 2);
      const double rms = std::sqrt(sq / right + 0.01);
      for (int64_t k = 0; k < right; ++k) {
        const int64_t e = row * right + k, c = (e / 5) % 3, w = e % 5;  // the element's dims 1 and 2
        const float s = axis == 0 ? sv[static_cast<size_t>(c)] : sv[static_cast<size_t>(w)];
        want.push_back(static_cast<float>(xv[static_cast<size_t>(e)] / rms * s));
      }
    }
    std::string why;
    CHECK(AllClose(ToVector(r.Get("y")), want, 1e-6f, 1e-5f, &why));
    INFO(why);
  }
  OpRunner bad("rms_norm");
  bad.In("X", "x", x).In("Scale", "s", RandomTensor({4}, 1)).Out("Y", "y");
  CHECK_FALSE(bad.Run().ok());
}

TEST_CASE("rotary_embedding matches a plain loop: 3-D and 4-D, interleaved, partial, position ids",
          "[op][rotary_embedding]") {
  const int64_t b = 2, s = 3, h = 2, d = 8;
  for (bool interleaved : {false, true})
    for (int64_t rot : {0, 4})
      for (bool four_d : {false, true})
        for (bool ids : {false, true}) {
          INFO("interleaved " << interleaved << " rot " << rot << " 4d " << four_d << " ids " << ids);
          const int64_t r = rot ? rot : d, half = r / 2;
          Tensor x = RandomTensor(four_d ? DDim({b, h, s, d}) : DDim({b, s, h * d}), 9);
          Tensor cos = RandomTensor(ids ? DDim({10, half}) : DDim({b, s, half}), 10);
          Tensor sin = RandomTensor(ids ? DDim({10, half}) : DDim({b, s, half}), 11);
          Tensor pos = MakeTypedTensor<int64_t>({b, s}, {4, 0, 9, 2, 2, 7});
          OpRunner op("rotary_embedding");
          op.In("X", "x", x).In("CosCache", "c", cos).In("SinCache", "sn", sin).Out("Out", "y")
              .Attr("interleaved", Attribute::Bool(interleaved)).Attr("rotary_embedding_dim", Attribute::Int(rot));
          if (!four_d) op.Attr("num_heads", Attribute::Int(h));
          if (ids) op.In("PositionIds", "p", pos);
          REQUIRE(op.Run().ok());
          std::vector<float> xv = ToVector(x), cv = ToVector(cos), sv = ToVector(sin), want = xv;
          for (int64_t i = 0; i < b; ++i)
            for (int64_t j = 0; j < s; ++j)
              for (int64_t k = 0; k < h; ++k) {
                const int64_t base = four_d ? ((i * h + k) * s + j) * d : ((i * s + j) * h + k) * d;
                const int64_t row = ids ? pos.data<int64_t>()[i * s + j] : i * s + j;
                for (int64_t m = 0; m < half; ++m) {
                  const int64_t a = interleaved ? 2 * m : m, bb = interleaved ? 2 * m + 1 : m + half;
                  const size_t cs = static_cast<size_t>(row * half + m);
                  const float xa = xv[static_cast<size_t>(base + a)], xb = xv[static_cast<size_t>(base + bb)];
                  want[static_cast<size_t>(base + a)] = cv[cs] * xa - sv[cs] * xb;
                  want[static_cast<size_t>(base + bb)] = sv[cs] * xa + cv[cs] * xb;
                }
              }
          std::string why;
          CHECK(AllClose(ToVector(op.Get("y")), want, 1e-6f, 1e-6f, &why));
          INFO(why);
        }
  OpRunner bad("rotary_embedding");  // a position beyond the caches
  bad.In("X", "x", RandomTensor({1, 2, 8}, 1)).In("CosCache", "c", RandomTensor({2, 4}, 2))
      .In("SinCache", "s", RandomTensor({2, 4}, 3)).In("PositionIds", "p", MakeTypedTensor<int64_t>({1, 2}, {0, 5}))
      .Out("Out", "y").Attr("num_heads", Attribute::Int(1));
  Status st = bad.Run();
  CHECK_FALSE(st.ok());
  CHECK(st.message().find("PositionIds[1] = 5") != std::string::npos);
}
