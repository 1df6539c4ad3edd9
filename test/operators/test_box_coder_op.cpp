// box_coder against the center-size formulas written here in double, plus an encode -> decode round trip.
#include <catch2/catch.hpp>

#include <cmath>

#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Valid boxes (x1 < x2, y1 < y2) with corners in [0, scale).
Tensor RandomBoxes(DDim dims, uint32_t seed, float scale) {
  Tensor t = RandomTensor(dims, seed, 0.f, 1.f);
  float* p = t.mutable_data<float>();
  for (int64_t i = 0; i < t.numel() / 4; ++i) {
    float* b = p + i * 4;
    b[0] *= scale * 0.5f;
    b[1] *= scale * 0.5f;
    b[2] = b[0] + (0.05f + b[2] * 0.45f) * scale;
    b[3] = b[1] + (0.05f + b[3] * 0.45f) * scale;
  }
  return t;
}

// Decodes offsets t against prior pb with variance v (1s when null).
std::vector<double> Decode(const float* pb, const float* t, const float* v, bool normalized) {
  double u = normalized ? 0 : 1;
  double pw = pb[2] - pb[0] + u, ph = pb[3] - pb[1] + u;
  double pcx = pb[0] + pw / 2, pcy = pb[1] + ph / 2;
  double vx = v ? v[0] : 1, vy = v ? v[1] : 1, vw = v ? v[2] : 1, vh = v ? v[3] : 1;
  double cx = vx * t[0] * pw + pcx, cy = vy * t[1] * ph + pcy;
  double w = std::exp(vw * t[2]) * pw, h = std::exp(vh * t[3]) * ph;
  return {cx - w / 2, cy - h / 2, cx + w / 2 - u, cy + h / 2 - u};
}

struct DecodeCase {
  int64_t n, m;
  int axis;
  bool normalized;
  int var_kind;  // 0 none, 1 attribute, 2 PriorBoxVar input
};

}  // namespace

TEST_CASE("box_coder decode_center_size matches the formula", "[op][box_coder]") {
  const std::vector<float> attr_var = {0.1f, 0.2f, 0.3f, 0.4f};
  for (DecodeCase c : {DecodeCase{2, 5, 0, true, 2}, DecodeCase{1, 17, 0, true, 1}, DecodeCase{3, 8, 0, false, 0},
                       DecodeCase{4, 3, 1, true, 2}, DecodeCase{3, 9, 1, false, 1}, DecodeCase{1, 1, 1, true, 0}}) {
    INFO("n " << c.n << " m " << c.m << " axis " << c.axis << " normalized " << c.normalized << " var " << c.var_kind);
    const int64_t priors = c.axis == 0 ? c.m : c.n;
    const float scale = c.normalized ? 1.f : 100.f;
    Tensor prior = RandomBoxes({priors, 4}, 3, scale);
    Tensor pvar = RandomTensor({priors, 4}, 4, 0.05f, 0.5f);
    Tensor target = RandomTensor({c.n, c.m, 4}, 5, -2.f, 2.f);
    OpRunner r("box_coder");
    r.In("PriorBox", "prior", prior).In("TargetBox", "target", target).Out("OutputBox", "out");
    r.Attr("code_type", Attribute::String("decode_center_size"))
        .Attr("box_normalized", Attribute::Bool(c.normalized))
        .Attr("axis", Attribute::Int(c.axis));
    if (c.var_kind == 1) r.Attr("variance", Attribute::Floats({0.1, 0.2, 0.3, 0.4}));
    if (c.var_kind == 2) r.In("PriorBoxVar", "pvar", pvar);
    Status s = r.Run();
    INFO(s.message());
    REQUIRE(s.ok());
    REQUIRE(r.Get("out").dims() == DDim({c.n, c.m, 4}));
    std::vector<float> want;
    for (int64_t i = 0; i < c.n; ++i)
      for (int64_t j = 0; j < c.m; ++j) {
        int64_t row = c.axis == 0 ? j : i;
        const float* v = c.var_kind == 2 ? pvar.data<float>() + row * 4 : c.var_kind == 1 ? attr_var.data() : nullptr;
        for (double x : Decode(prior.data<float>() + row * 4, target.data<float>() + (i * c.m + j) * 4, v, c.normalized))
          want.push_back(static_cast<float>(x));
      }
    std::string why;
    CHECK(AllClose(ToVector(r.Get("out")), want, 1e-5f * scale, 1e-5f, &why));
    INFO(why);
  }
}

TEST_CASE("box_coder encode_center_size matches the formula and decodes back", "[op][box_coder]") {
  for (bool normalized : {true, false}) {
    for (int var_kind : {0, 1, 2}) {
      INFO("normalized " << normalized << " var " << var_kind);
      const int64_t t = 7, m = 5;
      const float scale = normalized ? 1.f : 50.f;
      Tensor prior = RandomBoxes({m, 4}, 6, scale);
      Tensor target = RandomBoxes({t, 4}, 7, scale);
      Tensor pvar = RandomTensor({m, 4}, 8, 0.05f, 0.5f);
      std::vector<float> attr_var = {0.1f, 0.1f, 0.2f, 0.2f};
      OpRunner r("box_coder");
      r.In("PriorBox", "prior", prior).In("TargetBox", "target", target).Out("OutputBox", "out");
      r.Attr("code_type", Attribute::String("encode_center_size")).Attr("box_normalized", Attribute::Bool(normalized));
      if (var_kind == 1) r.Attr("variance", Attribute::Floats({0.1, 0.1, 0.2, 0.2}));
      if (var_kind == 2) r.In("PriorBoxVar", "pvar", pvar);
      Status s = r.Run();
      INFO(s.message());
      REQUIRE(s.ok());
      REQUIRE(r.Get("out").dims() == DDim({t, m, 4}));
      const double u = normalized ? 0 : 1;
      std::vector<float> want;
      for (int64_t i = 0; i < t; ++i)
        for (int64_t j = 0; j < m; ++j) {
          const float* pb = prior.data<float>() + j * 4;
          const float* tb = target.data<float>() + i * 4;
          double pw = pb[2] - pb[0] + u, ph = pb[3] - pb[1] + u;
          double tw = tb[2] - tb[0] + u, th = tb[3] - tb[1] + u;
          double e[4] = {((tb[0] + tb[2]) / 2.0 - (pb[0] + pw / 2)) / pw, ((tb[1] + tb[3]) / 2.0 - (pb[1] + ph / 2)) / ph,
                         std::log(tw / pw), std::log(th / ph)};
          for (int k = 0; k < 4; ++k) {
            double v = var_kind == 2 ? pvar.data<float>()[j * 4 + k] : var_kind == 1 ? attr_var[static_cast<size_t>(k)] : 1;
            want.push_back(static_cast<float>(e[k] / v));
          }
        }
      std::string why;
      CHECK(AllClose(ToVector(r.Get("out")), want, 1e-4f, 1e-4f, &why));
      INFO(why);

      // Decoding the codes (axis 0: prior j for column j) gives each target box back. In pixel coordinates
      // encode takes (x1 + x2) / 2 as the center while decode adds back width - 1, so only the normalized
      // form is an exact inverse.
      if (!normalized) continue;
      OpRunner d("box_coder");
      d.In("PriorBox", "prior", prior).In("TargetBox", "codes", r.Get("out")).Out("OutputBox", "boxes");
      d.Attr("code_type", Attribute::String("decode_center_size")).Attr("box_normalized", Attribute::Bool(true));
      if (var_kind == 1) d.Attr("variance", Attribute::Floats({0.1, 0.1, 0.2, 0.2}));
      if (var_kind == 2) d.In("PriorBoxVar", "pvar", pvar);
      REQUIRE(d.Run().ok());
      std::vector<float> back = ToVector(d.Get("boxes")), targets;
      for (int64_t i = 0; i < t; ++i)
        for (int64_t j = 0; j < m; ++j)
          for (int k = 0; k < 4; ++k) targets.push_back(target.data<float>()[i * 4 + k]);
      CHECK(AllClose(back, targets, 1e-5f, 1e-4f, &why));
      INFO(why);
    }
  }
}

TEST_CASE("box_coder rejects bad attributes and shapes", "[op][box_coder]") {
  auto run = [](const std::string& code, int axis, std::vector<double> var, bool with_pvar, DDim target_dims) {
    OpRunner r("box_coder");
    r.In("PriorBox", "prior", RandomBoxes({5, 4}, 1, 1.f)).In("TargetBox", "target", RandomTensor(target_dims, 2));
    if (with_pvar) r.In("PriorBoxVar", "pvar", RandomTensor({5, 4}, 3, 0.1f, 0.2f));
    r.Out("OutputBox", "out")
        .Attr("code_type", Attribute::String(code))
        .Attr("axis", Attribute::Int(axis))
        .Attr("variance", Attribute::Floats(var));
    return r.Run();
  };
  REQUIRE(run("decode_center_size", 0, {}, true, {2, 5, 4}).ok());
  Status s = run("decode_corner", 0, {}, true, {2, 5, 4});
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("code_type") != std::string::npos);
  s = run("decode_center_size", 2, {}, true, {2, 5, 4});
  CHECK(s.message().find("axis") != std::string::npos);
  s = run("decode_center_size", 0, {0.1, 0.1, 0.2}, false, {2, 5, 4});
  CHECK(s.message().find("variance") != std::string::npos);
  s = run("decode_center_size", 0, {0.1, 0.1, 0.2, 0.2}, true, {2, 5, 4});
  CHECK(s.message().find("variance") != std::string::npos);
  s = run("decode_center_size", 1, {}, true, {2, 5, 4});  // axis 1 needs 5 rows
  CHECK(!s.ok());
  CHECK(s.message().find("axis") != std::string::npos);
  s = run("decode_center_size", 0, {}, true, {10, 4});
  CHECK(s.message().find("TargetBox") != std::string::npos);
  s = run("encode_center_size", 0, {}, true, {2, 5, 4});
  CHECK(s.message().find("TargetBox") != std::string::npos);
}
