// Activation ops against plain formulas written here (in double), independently of the kernels; the same
// formulas check ApplyActivation, the per-value form fused conv/fc epilogues use.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

#include "operators/kernel/central-arm-func/activation_func.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct Case {
  std::string type;
  std::map<std::string, Attribute> attrs;
  std::function<double(double)> f;
  float lo = -4.f, hi = 4.f;  // input range
};

double Sigmoid(double v) { return 1.0 / (1.0 + std::exp(-v)); }

std::vector<Case> Cases() {
  using A = Attribute;
  return {
      {"relu", {}, [](double v) { return v > 0 ? v : 0; }},
      {"relu6", {}, [](double v) { return std::min(std::max(v, 0.0), 6.0); }, -3.f, 9.f},
      {"relu6", {{"threshold", A::Float(2.5)}}, [](double v) { return std::min(std::max(v, 0.0), 2.5); }},
      {"leaky_relu", {}, [](double v) { return v > 0 ? v : 0.02 * v; }},
      {"leaky_relu", {{"alpha", A::Float(0.3)}}, [](double v) { return v > 0 ? v : 0.3 * v; }},
      {"sigmoid", {}, Sigmoid, -20.f, 20.f},
      {"tanh", {}, [](double v) { return std::tanh(v); }, -12.f, 12.f},
      {"swish", {}, [](double v) { return v * Sigmoid(v); }, -10.f, 10.f},
      {"swish", {{"beta", A::Float(1.7)}}, [](double v) { return v * Sigmoid(1.7 * v); }},
      {"hard_swish", {}, [](double v) { return v * std::min(std::max(v + 3, 0.0), 6.0) / 6; }, -6.f, 6.f},
      {"hard_swish", {{"threshold", A::Float(4)}, {"scale", A::Float(5)}, {"offset", A::Float(2)}},
       [](double v) { return v * std::min(std::max(v + 2, 0.0), 4.0) / 5; }, -6.f, 6.f},
      {"hard_sigmoid", {}, [](double v) { return std::min(std::max(0.2 * v + 0.5, 0.0), 1.0); }, -5.f, 5.f},
      {"hard_sigmoid", {{"slope", A::Float(0.1666667)}, {"offset", A::Float(0.4)}},
       [](double v) { return std::min(std::max(0.1666667 * v + 0.4, 0.0), 1.0); }, -6.f, 6.f},
      {"gelu", {}, [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }},
      {"gelu", {{"approximate", A::Bool(false)}}, [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }},
      {"gelu", {{"approximate", A::Bool(true)}},
       [](double v) { return 0.5 * v * (1 + std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v))); }},
      {"exp", {}, [](double v) { return std::exp(v); }},
      {"log", {}, [](double v) { return std::log(v); }, 0.01f, 10.f},
      {"sqrt", {}, [](double v) { return std::sqrt(v); }, 0.f, 10.f},
      {"abs", {}, [](double v) { return std::fabs(v); }},
      {"pow", {}, [](double v) { return v; }},
      {"pow", {{"factor", A::Float(2)}}, [](double v) { return v * v; }},
      {"pow", {{"factor", A::Float(0.5)}}, [](double v) { return std::sqrt(v); }, 0.f, 5.f},
      {"pow", {{"factor", A::Float(-1.5)}}, [](double v) { return std::pow(v, -1.5); }, 0.1f, 5.f},
      {"scale", {}, [](double v) { return v; }},
      {"scale", {{"scale", A::Float(2.5)}, {"bias", A::Float(-1)}}, [](double v) { return 2.5 * v - 1; }},
      {"scale", {{"scale", A::Float(2.5)}, {"bias", A::Float(-1)}, {"bias_after_scale", A::Bool(false)}},
       [](double v) { return 2.5 * (v - 1); }},
      {"clip", {{"min", A::Float(-0.5)}, {"max", A::Float(1.25)}},
       [](double v) { return std::min(std::max(v, -0.5), 1.25); }},
      // erf by its Maclaurin series (converges fast on [-3, 3]), independent of std::erf.
      {"erf", {}, [](double v) {
         double term = v, sum = v;
         for (int n = 1; n < 60; ++n) {
           term *= -v * v / n;
           sum += term / (2 * n + 1);
         }
         return 2 / std::sqrt(M_PI) * sum;
       }, -3.f, 3.f},
      {"elu", {}, [](double v) { return v > 0 ? v : std::exp(v) - 1; }},
      {"elu", {{"alpha", A::Float(0.3)}}, [](double v) { return v > 0 ? v : 0.3 * (std::exp(v) - 1); }},
      {"selu", {}, [](double v) { return 1.0507009873554805 * (v > 0 ? v : 1.6732632423543772 * (std::exp(v) - 1)); }},
      {"selu", {{"alpha", A::Float(2)}, {"scale", A::Float(3)}}, [](double v) { return 3 * (v > 0 ? v : 2 * (std::exp(v) - 1)); }},
      {"softplus", {}, [](double v) { return std::log(1 + std::exp(v)); }, -10.f, 10.f},
      {"softplus", {{"beta", A::Float(2)}, {"threshold", A::Float(4)}},
       [](double v) { return 2 * v > 4 ? v : std::log(1 + std::exp(2 * v)) / 2; }, -5.f, 5.f},
      {"softsign", {}, [](double v) { return v / (1 + std::fabs(v)); }},
      {"celu", {{"alpha", A::Float(2)}}, [](double v) { return std::max(v, 0.0) + std::min(2 * (std::exp(v / 2) - 1), 0.0); }},
      {"thresholded_relu", {{"threshold", A::Float(0.5)}}, [](double v) { return v > 0.5 ? v : 0; }},
  };
}

std::string Describe(const Case& c) {
  std::string s = c.type;
  for (const auto& kv : c.attrs) s += " " + kv.first;
  return s;
}

}  // namespace

TEST_CASE("every activation matches its formula, standalone and as ApplyActivation", "[op][activation]") {
  uint32_t seed = 1;
  for (const Case& c : Cases()) {
    INFO(Describe(c));
    OpDesc desc;
    desc.type = c.type;
    desc.attrs = c.attrs;
    AttrReader reader(desc);
    ActivationSpec spec;
    REQUIRE(ParseActivation(c.type, &reader, &spec).ok());
    for (int64_t n : {1, 4, 7, 8, 9, 16, 17, 33}) {
      INFO("n = " << n);
      Tensor x = RandomTensor({3, n}, seed++, c.lo, c.hi);
      OpRunner r(c.type);
      r.In("X", "x", x).Out("Out", "y");
      for (const auto& kv : c.attrs) r.Attr(kv.first, kv.second);
      REQUIRE(r.Run().ok());
      CHECK(r.Get("y").dims() == x.dims());
      CHECK(r.Get("y").dtype() == DataType::kFloat32);
      std::vector<float> in = ToVector(x), want(in.size()), applied(in.size());
      for (size_t i = 0; i < in.size(); ++i) {
        want[i] = static_cast<float>(c.f(in[i]));
        applied[i] = ApplyActivation(spec, in[i]);
      }
      std::string why_op, why_apply;
      bool op_ok = AllClose(ToVector(r.Get("y")), want, 1e-6f, 2e-6f, &why_op);
      bool apply_ok = AllClose(applied, want, 1e-6f, 2e-6f, &why_apply);
      INFO(why_op << " " << why_apply);
      CHECK(op_ok);
      CHECK(apply_ok);
    }
  }
}

TEST_CASE("a large activation takes the parallel path and stays exact", "[op][activation]") {
  Tensor x = RandomTensor({3, 70001}, 42, -8.f, 8.f);
  OpRunner r("hard_swish");
  r.In("X", "x", x).Out("Out", "y");
  REQUIRE(r.Run().ok());
  std::vector<float> in = ToVector(x), want(in.size());
  for (size_t i = 0; i < in.size(); ++i) want[i] = in[i] * std::min(std::max(in[i] + 3.f, 0.f), 6.f) / 6.f;
  std::string why;
  bool ok = AllClose(ToVector(r.Get("y")), want, 1e-6f, 1e-6f, &why);
  INFO(why);
  CHECK(ok);
}

TEST_CASE("kNone is the identity and is the default spec", "[op][activation]") {
  ActivationSpec none;
  CHECK(none.type == ActivationType::kNone);
  for (float v : {-3.5f, 0.f, 2.25f}) CHECK(ApplyActivation(none, v) == v);
  std::vector<float> data = {-1.f, 2.f};
  ActivationInPlace(none, data.data(), 2);
  CHECK(data == std::vector<float>{-1.f, 2.f});
}

TEST_CASE("ActivationInPlace applies the activation to a buffer", "[op][activation]") {
  ActivationSpec leaky;
  leaky.type = ActivationType::kLeakyRelu;
  leaky.a = 0.5f;
  std::vector<float> data = {-2.f, 3.f, -0.5f};
  ActivationInPlace(leaky, data.data(), 3);
  CHECK(data == std::vector<float>{-1.f, 3.f, -0.25f});
}

TEST_CASE("fused activation attributes parse with the fuse_ prefix", "[op][activation]") {
  OpDesc conv;
  conv.type = "conv2d";
  ActivationSpec spec;
  spec.type = ActivationType::kRelu;
  REQUIRE(ParseFusedActivation(conv, &spec).ok());
  CHECK(spec.type == ActivationType::kNone);

  conv.attrs["fuse_activation"] = Attribute::String("relu6");
  conv.attrs["fuse_threshold"] = Attribute::Float(3);
  REQUIRE(ParseFusedActivation(conv, &spec).ok());
  CHECK(spec.type == ActivationType::kRelu6);
  CHECK(ApplyActivation(spec, 5.f) == 3.f);
  CHECK(ApplyActivation(spec, -1.f) == 0.f);

  conv.attrs.clear();
  conv.attrs["fuse_activation"] = Attribute::String("hard_swish");
  conv.attrs["fuse_offset"] = Attribute::Float(1);
  REQUIRE(ParseFusedActivation(conv, &spec).ok());
  CHECK(ApplyActivation(spec, 2.f) == Approx(2.f * 3.f / 6.f));

  conv.attrs["fuse_activation"] = Attribute::String("frobnicate");
  Status s = ParseFusedActivation(conv, &spec);
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("frobnicate") != std::string::npos);
}

TEST_CASE("scale works on int32 and int64 with integer scale and bias", "[op][activation]") {
  {
    OpRunner r("scale");
    r.In("X", "x", MakeTypedTensor<int32_t>({4}, {-3, 0, 5, 100})).Out("Out", "y");
    r.Attr("scale", Attribute::Float(3)).Attr("bias", Attribute::Float(2));
    REQUIRE(r.Run().ok());
    REQUIRE(r.Get("y").dtype() == DataType::kInt32);
    CHECK(ToVector(r.Get("y")) == std::vector<float>{-7, 2, 17, 302});
  }
  {
    OpRunner r("scale");
    r.In("X", "x", MakeTypedTensor<int64_t>({3}, {-3, 1, 4})).Out("Out", "y");
    // Like Paddle, scale and bias become integers first: 2.9 -> 2, 1.5 -> 1.
    r.Attr("scale", Attribute::Float(2.9)).Attr("bias", Attribute::Float(1.5));
    r.Attr("bias_after_scale", Attribute::Bool(false));
    REQUIRE(r.Run().ok());
    REQUIRE(r.Get("y").dtype() == DataType::kInt64);
    CHECK(ToVector(r.Get("y")) == std::vector<float>{-4, 4, 10});
  }
}

TEST_CASE("activations reject a non-float input", "[op][activation]") {
  for (const char* type : {"relu", "sigmoid", "exp"}) {
    OpRunner r(type);
    r.In("X", "x", MakeTypedTensor<int32_t>({2}, {1, -1})).Out("Out", "y");
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("float32") != std::string::npos);
  }
  OpRunner r("scale");
  r.In("X", "x", MakeTypedTensor<bool>({2}, {true, false})).Out("Out", "y");
  Status s = r.Run();
  REQUIRE_FALSE(s.ok());
  CHECK(s.message().find("bool") != std::string::npos);
}

TEST_CASE("tensor-valued attributes are reported as unsupported", "[op][activation]") {
  struct Bad {
    const char* type;
    const char* slot;
  };
  for (Bad b : {Bad{"pow", "FactorTensor"}, Bad{"scale", "ScaleTensor"}, Bad{"clip", "Min"}, Bad{"clip", "Max"}}) {
    INFO(b.type << " " << b.slot);
    OpRunner r(b.type);
    r.In("X", "x", MakeTensor({2}, {1, 2})).In(b.slot, "t", MakeTensor({1}, {1})).Out("Out", "y");
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find(b.slot) != std::string::npos);
  }
}

TEST_CASE("bad activation attributes are errors naming the attribute", "[op][activation]") {
  struct Bad {
    const char* type;
    std::map<std::string, Attribute> attrs;
    const char* mentions;
  };
  std::vector<Bad> bads = {
      {"clip", {{"min", Attribute::Float(2)}, {"max", Attribute::Float(1)}}, "min"},
      {"hard_swish", {{"scale", Attribute::Float(0)}}, "scale"},
      {"leaky_relu", {{"alpha", Attribute::String("0.1")}}, "alpha"},
      {"gelu", {{"approximate", Attribute::String("tanh")}}, "approximate"},
  };
  for (const Bad& b : bads) {
    INFO(b.type);
    OpRunner r(b.type);
    r.In("X", "x", MakeTensor({2}, {1, 2})).Out("Out", "y");
    for (const auto& kv : b.attrs) r.Attr(kv.first, kv.second);
    Status s = r.Run();
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find(b.mentions) != std::string::npos);
  }
}
