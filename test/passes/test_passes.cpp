// Optimizer passes: each rewritten program must compute what the program as loaded computes (compared on
// random inputs), and the rewrite must actually happen (or, where it must not, not happen).
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>

#include "io/ember.h"
#include "passes/passes.h"
#include "test_util.h"

#include "operators/kernel/cpu_accel.h"

using namespace ember;
using namespace ember::test;

namespace {

struct Compared {
  std::map<std::string, int> loaded_ops, optimized_ops;
};

// Loads the program through the real file format, runs both programs on the same input, requires equal
// outputs (within float rounding of the folded weights).
Compared CompareOptimized(const ProgramBuilder& pb, const std::string& feed, const DDim& in_dims,
                          const std::vector<std::string>& outputs) {
  std::string model, params;
  pb.Serialize(&model, &params);
  std::shared_ptr<const Model> m;
  ModelOptions mo;
  mo.keep_loaded_program = true;
  Status s = Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), mo, &m);
  INFO(s.message());
  REQUIRE(s.ok());
  Tensor x = RandomTensor(in_dims, 99, -2.f, 2.f);
  std::vector<std::vector<float>> results[2];
  for (int loaded = 0; loaded < 2; ++loaded) {
    std::unique_ptr<Predictor> p;
    PredictorOptions po;
    po.use_loaded_program = loaded == 1;
    REQUIRE(Predictor::Create(m, po, &p).ok());
    REQUIRE(p->SetInput(feed, x).ok());
    s = p->Run();
    INFO(s.message());
    REQUIRE(s.ok());
    for (const auto& o : outputs) {
      const Tensor* t = nullptr;
      REQUIRE(p->GetOutput(o, &t).ok());
      results[loaded].push_back(ToVector(*t));
    }
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    std::string why;
    INFO("output " << outputs[i]);
    CHECK(AllClose(results[0][i], results[1][i], 1e-5f, 1e-4f, &why));
    INFO(why);
  }
  return {m->programs().loaded.OpTypeCounts(), m->program().OpTypeCounts()};
}

std::map<std::string, Attribute> ConvAttrs(int groups = 1) {
  return {{"strides", Attribute::Ints({1, 1})}, {"paddings", Attribute::Ints({1, 1})},
          {"dilations", Attribute::Ints({1, 1})}, {"groups", Attribute::Int(groups)}};
}

void AddBn(ProgramBuilder* pb, const std::string& x, const std::string& y, int c, uint32_t seed) {
  pb->Weight(y + ".scale", RandomTensor({c}, seed, 0.5f, 1.5f))
      .Weight(y + ".bias", RandomTensor({c}, seed + 1))
      .Weight(y + ".mean", RandomTensor({c}, seed + 2))
      .Weight(y + ".var", RandomTensor({c}, seed + 3, 0.1f, 2.f))
      .Op("batch_norm",
          {{"X", {x}}, {"Scale", {y + ".scale"}}, {"Bias", {y + ".bias"}}, {"Mean", {y + ".mean"}},
           {"Variance", {y + ".var"}}},
          {{"Y", {y}}, {"MeanOut", {y + ".mean"}}, {"VarianceOut", {y + ".var"}}},
          {{"epsilon", Attribute::Float(1e-5)}});
}

}  // namespace

TEST_CASE("conv + bn + relu folds into one conv, with and without a conv bias", "[io][passes]") {
  for (bool with_bias : {false, true}) {
    for (const char* act : {"relu", "relu6", "leaky_relu", "hard_swish"}) {
      INFO("bias " << with_bias << ", act " << act);
      ProgramBuilder pb;
      pb.Feed("x", {-1, 3, 6, 6}).Weight("w", RandomTensor({4, 3, 3, 3}, 5));
      pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}}, ConvAttrs());
      std::string bn_in = "c";
      if (with_bias) {
        pb.Weight("b", RandomTensor({4}, 6)).Op("elementwise_add", {{"X", {"c"}}, {"Y", {"b"}}}, {{"Out", {"cb"}}},
                                                {{"axis", Attribute::Int(1)}});
        bn_in = "cb";
      }
      AddBn(&pb, bn_in, "bn", 4, 10);
      pb.Op(act, {{"X", {"bn"}}}, {{"Out", {"y"}}}).Fetch("y");
      Compared c = CompareOptimized(pb, "x", {2, 3, 6, 6}, {"y"});
      CHECK(c.optimized_ops.count("batch_norm") == 0);
      CHECK(c.optimized_ops.count(act) == 0);
      CHECK(c.optimized_ops.count("elementwise_add") == 0);
      CHECK(c.optimized_ops["conv2d"] == 1);
    }
  }
}

TEST_CASE("conv [+ bias] * per-channel or scalar weight + weight folds into the conv's filter and bias",
          "[io][passes]") {
  struct Operand {
    std::vector<int64_t> dims;
    int axis;
  };
  // [C] at axis 1, [1, C, 1, 1], [C, 1, 1] (ONNX), a scalar [1], [1, 1, 1, 1]
  const Operand operands[] = {{{4}, 1}, {{1, 4, 1, 1}, -1}, {{4, 1, 1}, -1}, {{1}, -1}, {{1, 1, 1, 1}, -1}};
  for (bool with_bias : {false, true})
    for (const Operand& mul : operands)
      for (const Operand& add : operands) {
        INFO("bias " << with_bias << ", mul rank " << mul.dims.size() << ", add rank " << add.dims.size());
        ProgramBuilder pb;
        pb.Feed("x", {-1, 3, 6, 6}).Weight("w", RandomTensor({4, 3, 3, 3}, 5));
        pb.Weight("s", RandomTensor(DDim(mul.dims), 6, 0.5f, 2.f)).Weight("t", RandomTensor(DDim(add.dims), 7));
        OpDesc::Slots conv_in = {{"Input", {"x"}}, {"Filter", {"w"}}};
        if (with_bias) pb.Weight("b", RandomTensor({4}, 8)), conv_in.push_back({"Bias", {"b"}});
        pb.Op("conv2d", conv_in, {{"Output", {"c"}}}, ConvAttrs());
        pb.Op("elementwise_mul", {{"X", {"c"}}, {"Y", {"s"}}}, {{"Out", {"m"}}}, {{"axis", Attribute::Int(mul.axis)}});
        pb.Op("elementwise_add", {{"X", {"m"}}, {"Y", {"t"}}}, {{"Out", {"a"}}}, {{"axis", Attribute::Int(add.axis)}});
        pb.Op("relu", {{"X", {"a"}}}, {{"Out", {"y"}}}).Fetch("y");
        Compared c = CompareOptimized(pb, "x", {2, 3, 6, 6}, {"y"});
        CHECK(c.optimized_ops.count("elementwise_mul") == 0);
        CHECK(c.optimized_ops.count("elementwise_add") == 0);
        CHECK(c.optimized_ops["conv2d"] == 1);
      }
  // A weight that varies along W is not per channel: the mul stays.
  ProgramBuilder pb;
  pb.Feed("x", {-1, 3, 4, 4}).Weight("w", RandomTensor({4, 3, 3, 3}, 5)).Weight("s", RandomTensor({4}, 6));
  pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}}, ConvAttrs());
  pb.Op("elementwise_mul", {{"X", {"c"}}, {"Y", {"s"}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(-1)}}).Fetch("y");
  Compared c = CompareOptimized(pb, "x", {1, 3, 4, 4}, {"y"});
  CHECK(c.optimized_ops["elementwise_mul"] == 1);
}

TEST_CASE("depthwise conv + bn folds", "[io][passes]") {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 4, 5, 5}).Weight("w", RandomTensor({4, 1, 3, 3}, 5));
  pb.Op("depthwise_conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}}, ConvAttrs(4));
  AddBn(&pb, "c", "bn", 4, 20);
  pb.Fetch("bn");
  Compared c = CompareOptimized(pb, "x", {1, 4, 5, 5}, {"bn"});
  CHECK(c.optimized_ops.count("batch_norm") == 0);
}

TEST_CASE("a batch_norm after relu stays; a conv output read twice is not folded", "[io][passes]") {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 3, 5, 5}).Weight("w", RandomTensor({4, 3, 3, 3}, 5));
  pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}}, ConvAttrs());
  pb.Op("relu", {{"X", {"c"}}}, {{"Out", {"r"}}});
  AddBn(&pb, "r", "bn", 4, 30);
  // second conv whose output feeds both a bn and a fetch: must stay unfolded
  pb.Weight("w2", RandomTensor({4, 4, 3, 3}, 6));
  pb.Op("conv2d", {{"Input", {"bn"}}, {"Filter", {"w2"}}}, {{"Output", {"c2"}}}, ConvAttrs());
  AddBn(&pb, "c2", "bn2", 4, 40);
  pb.Fetch("bn2").Fetch("c2");
  Compared c = CompareOptimized(pb, "x", {1, 3, 5, 5}, {"bn2", "c2"});
  CHECK(c.optimized_ops["batch_norm"] == 2);
  CHECK(c.optimized_ops.count("relu") == 0);  // relu fused into the first conv: bn follows the relu, stays
}

TEST_CASE("mul / matmul / matmul_v2 + elementwise_add (+ relu) become fc", "[io][passes]") {
  for (const char* mm : {"mul", "matmul", "matmul_v2"}) {
    INFO(mm);
    ProgramBuilder pb;
    pb.Feed("x", {-1, 6}).Weight("w", RandomTensor({6, 5}, 7)).Weight("b", RandomTensor({5}, 8));
    pb.Op(mm, {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"m"}}});
    pb.Op("elementwise_add", {{"X", {"m"}}, {"Y", {"b"}}}, {{"Out", {"a"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Op("relu", {{"X", {"a"}}}, {{"Out", {"y"}}}).Fetch("y");
    Compared c = CompareOptimized(pb, "x", {3, 6}, {"y"});
    CHECK(c.optimized_ops["fc"] == 1);
    CHECK(c.optimized_ops.count(mm) == 0);
    CHECK(c.optimized_ops.count("relu") == 0);
  }
}

TEST_CASE("a matmul of an input of unknown rank + bias becomes fc over the last dim", "[io][passes]") {
  for (const char* mm : {"matmul", "matmul_v2"})
    for (const DDim& dims : {DDim({6}), DDim({3, 6}), DDim({2, 5, 6}), DDim({2, 2, 3, 6})}) {
      INFO(mm << " x " << dims.ToString());
      ProgramBuilder pb;
      pb.Feed("x", dims.vec()).Weight("w", RandomTensor({6, 4}, 7)).Weight("b", RandomTensor({4}, 8));
      pb.Op("relu", {{"X", {"x"}}}, {{"Out", {"r"}}});  // r: a value whose rank the program does not record
      pb.Op(mm, {{"X", {"r"}}, {"Y", {"w"}}}, {{"Out", {"m"}}});
      pb.Op("elementwise_add", {{"X", {"m"}}, {"Y", {"b"}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(-1)}});
      pb.Fetch("y");
      Compared c = CompareOptimized(pb, "x", dims, {"y"});
      CHECK(c.optimized_ops["fc"] == 1);
      CHECK(c.optimized_ops.count(mm) == 0);
    }
}

TEST_CASE("matmul / matmul_v2 by a transposed weight (ONNX Gemm, transB = 1) + bias become fc", "[io][passes]") {
  for (const char* mm : {"matmul", "matmul_v2"}) {
    INFO(mm);
    ProgramBuilder pb;
    pb.Feed("x", {-1, 6}).Weight("w", RandomTensor({5, 6}, 7)).Weight("b", RandomTensor({5}, 8));
    const char* trans = std::string(mm) == "matmul" ? "transpose_Y" : "trans_y";
    pb.Op(mm, {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"m"}}}, {{trans, Attribute::Bool(true)}});
    pb.Op("elementwise_add", {{"X", {"m"}}, {"Y", {"b"}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Fetch("y");
    Compared c = CompareOptimized(pb, "x", {3, 6}, {"y"});
    CHECK(c.optimized_ops["fc"] == 1);
    CHECK(c.optimized_ops.count(mm) == 0);
  }
}

TEST_CASE("elementwise + activation fuse into the elementwise op (float32 outputs only)", "[io][passes]") {
  {  // residual add + relu
    ProgramBuilder pb;
    pb.Feed("x", {-1, 3, 4, 5}).Weight("w", RandomTensor({3, 4, 5}, 11));
    pb.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"a"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Op("relu", {{"X", {"a"}}}, {{"Out", {"y"}}}).Fetch("y");
    Compared c = CompareOptimized(pb, "x", {2, 3, 4, 5}, {"y"});
    CHECK(c.loaded_ops["relu"] == 1);
    CHECK(c.optimized_ops.count("relu") == 0);
    CHECK(c.optimized_ops["elementwise_add"] == 1);
  }
  {  // broadcast mul + sigmoid; the sub's output is read twice, so its relu6 stays
    ProgramBuilder pb;
    pb.Feed("x", {-1, 6}).Weight("s", RandomTensor({6}, 12)).Weight("t", RandomTensor({6}, 13));
    pb.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"s"}}}, {{"Out", {"m"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Op("sigmoid", {{"X", {"m"}}}, {{"Out", {"g"}}});
    pb.Op("elementwise_sub", {{"X", {"g"}}, {"Y", {"t"}}}, {{"Out", {"d"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Op("relu6", {{"X", {"d"}}}, {{"Out", {"y"}}}, {{"threshold", Attribute::Float(6)}});
    pb.Op("elementwise_add", {{"X", {"d"}}, {"Y", {"y"}}}, {{"Out", {"z"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Fetch("z");
    Compared c = CompareOptimized(pb, "x", {4, 6}, {"z"});
    CHECK(c.optimized_ops.count("sigmoid") == 0);
    CHECK(c.optimized_ops["relu6"] == 1);
  }
  {  // an int64 add is left alone (its kernel fuses nothing)
    ProgramBuilder pb;
    pb.Feed("x", {-1, 6}).Weight("w", RandomTensor({6}, 14));
    pb.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"a"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Op("relu", {{"X", {"a"}}}, {{"Out", {"y"}}}).Fetch("y");
    pb.program.block0().FindVar("a")->dtype = static_cast<int>(VarDataType::kInt64);
    ProgramDesc prog = pb.program;
    Scope weights;
    REQUIRE(OptimizeProgram(&prog, &weights).ok());
    CHECK(prog.OpTypeCounts()["relu"] == 1);
  }
}

TEST_CASE("x * sigmoid(x) and x * hard_sigmoid(x) become swish / hard_swish and fuse into the conv", "[io][passes]") {
  struct Gate { const char* type; std::map<std::string, Attribute> attrs; bool gate_first; };
  const std::vector<Gate> gates = {
      {"sigmoid", {}, false},
      {"sigmoid", {}, true},
      {"hard_sigmoid", {{"slope", Attribute::Float(1.f / 6)}, {"offset", Attribute::Float(0.5f)}}, false},
      {"hard_sigmoid", {{"slope", Attribute::Float(0.2f)}, {"offset", Attribute::Float(0.5f)}}, true},  // ONNX's default
      {"hard_sigmoid", {{"slope", Attribute::Float(0.3f)}, {"offset", Attribute::Float(-0.1f)}}, false},
  };
  for (const Gate& g : gates) {
    INFO(g.type << ", gate first " << g.gate_first);
    ProgramBuilder pb;
    pb.Feed("x", {-1, 3, 6, 6}).Weight("w", RandomTensor({4, 3, 3, 3}, 5));
    pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}}, ConvAttrs());
    pb.Op(g.type, {{"X", {"c"}}}, {{"Out", {"gate"}}}, g.attrs);
    const std::string a = g.gate_first ? "gate" : "c", b = g.gate_first ? "c" : "gate";
    pb.Op("elementwise_mul", {{"X", {a}}, {"Y", {b}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(-1)}}).Fetch("y");
    Compared c = CompareOptimized(pb, "x", {2, 3, 6, 6}, {"y"});
    CHECK(c.loaded_ops["elementwise_mul"] == 1);
    CHECK(c.optimized_ops == std::map<std::string, int>{{"conv2d", 1}, {"feed", 1}, {"fetch", 1}});
  }
  {  // sigmoid(x) * z, and a gate read by a second op, stay as they are
    ProgramBuilder pb;
    pb.Feed("x", {-1, 8}).Weight("z", RandomTensor({8}, 21));
    pb.Op("sigmoid", {{"X", {"x"}}}, {{"Out", {"s"}}});
    pb.Op("elementwise_mul", {{"X", {"s"}}, {"Y", {"z"}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Op("hard_sigmoid", {{"X", {"x"}}}, {{"Out", {"h"}}});
    pb.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"h"}}}, {{"Out", {"u"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Op("elementwise_add", {{"X", {"u"}}, {"Y", {"h"}}}, {{"Out", {"v"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Fetch("y").Fetch("v");
    Compared c = CompareOptimized(pb, "x", {3, 8}, {"y", "v"});
    CHECK(c.optimized_ops["sigmoid"] == 1);
    CHECK(c.optimized_ops["hard_sigmoid"] == 1);
    CHECK(c.optimized_ops.count("swish") == 0);
    CHECK(c.optimized_ops.count("hard_swish") == 0);
  }
}

TEST_CASE("x * clip(x + c, 0, a) / b (hardswish as paddle2onnx writes it) becomes hard_swish in the conv",
          "[io][passes]") {
  struct Form { const char* clip; float c, a, b; bool gate_first; };
  const Form forms[] = {{"clip", 3, 6, 6, false}, {"relu6", 3, 6, 6, true}, {"clip", 1.5f, 4, 2, true}};
  for (const Form& f : forms) {
    INFO(f.clip << " c " << f.c << " a " << f.a << " b " << f.b);
    ProgramBuilder pb;
    pb.Feed("x", {-1, 3, 6, 6}).Weight("w", RandomTensor({4, 3, 3, 3}, 5, -3.f, 3.f));
    pb.Weight("c", MakeTensor({1}, {f.c})).Weight("b", MakeTensor({1}, {f.b}));
    pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"v"}}}, ConvAttrs());
    pb.Op("elementwise_add", {{"X", {"v"}}, {"Y", {"c"}}}, {{"Out", {"p"}}}, {{"axis", Attribute::Int(-1)}});
    std::map<std::string, Attribute> bounds = {{"min", Attribute::Float(0)}, {"max", Attribute::Float(f.a)}};
    if (std::string(f.clip) == "relu6") bounds = {{"threshold", Attribute::Float(f.a)}};
    pb.Op(f.clip, {{"X", {"p"}}}, {{"Out", {"g"}}}, bounds);
    const std::string l = f.gate_first ? "g" : "v", r = f.gate_first ? "v" : "g";
    pb.Op("elementwise_mul", {{"X", {l}}, {"Y", {r}}}, {{"Out", {"m"}}}, {{"axis", Attribute::Int(-1)}});
    pb.Op("elementwise_div", {{"X", {"m"}}, {"Y", {"b"}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(-1)}}).Fetch("y");
    Compared c = CompareOptimized(pb, "x", {2, 3, 6, 6}, {"y"});
    CHECK(c.optimized_ops == std::map<std::string, int>{{"conv2d", 1}, {"feed", 1}, {"fetch", 1}});
  }
  {  // the clipped sum fetched too, or a clip that does not start at 0: nothing fuses but the activation
    for (bool fetch_gate : {true, false}) {
      ProgramBuilder pb;
      pb.Feed("x", {-1, 8}).Weight("c", MakeTensor({1}, {3.f})).Weight("b", MakeTensor({1}, {6.f}));
      pb.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"c"}}}, {{"Out", {"p"}}}, {{"axis", Attribute::Int(-1)}});
      pb.Op("clip", {{"X", {"p"}}}, {{"Out", {"g"}}},
            {{"min", Attribute::Float(fetch_gate ? 0.f : -1.f)}, {"max", Attribute::Float(6)}});
      pb.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"g"}}}, {{"Out", {"m"}}}, {{"axis", Attribute::Int(-1)}});
      pb.Op("elementwise_div", {{"X", {"m"}}, {"Y", {"b"}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(-1)}});
      pb.Fetch("y");
      if (fetch_gate) pb.Fetch("g");
      std::vector<std::string> fetched = {"y"};
      if (fetch_gate) fetched.push_back("g");
      Compared c = CompareOptimized(pb, "x", {3, 8}, fetched);
      CHECK(c.optimized_ops.count("hard_swish") == 0);
      CHECK(c.optimized_ops["elementwise_div"] == 1);
    }
  }
}

namespace {
// The nine-op layer norm exporters write over the last dim of x; `mean_dim` is where the means reduce.
void AddDecomposedLayerNorm(ProgramBuilder* pb, bool pow, bool gamma, bool beta, int64_t mean_dim = -1) {
  const std::map<std::string, Attribute> mean = {{"dim", Attribute::Ints({mean_dim})},
                                                 {"keep_dim", Attribute::Bool(true)}};
  const std::map<std::string, Attribute> last = {{"axis", Attribute::Int(-1)}};
  pb->Weight("eps", MakeTensor({1}, {1e-5f})).Weight("gamma", RandomTensor({8}, 3, 0.5f, 1.5f))
      .Weight("beta", RandomTensor({8}, 4));
  pb->Op("reduce_mean", {{"X", {"x"}}}, {{"Out", {"m"}}}, mean);
  pb->Op("elementwise_sub", {{"X", {"x"}}, {"Y", {"m"}}}, {{"Out", {"d"}}}, last);
  if (pow) pb->Op("pow", {{"X", {"d"}}}, {{"Out", {"sq"}}}, {{"factor", Attribute::Float(2)}});
  else pb->Op("elementwise_mul", {{"X", {"d"}}, {"Y", {"d"}}}, {{"Out", {"sq"}}}, last);
  pb->Op("reduce_mean", {{"X", {"sq"}}}, {{"Out", {"v"}}}, mean);
  pb->Op("elementwise_add", {{"X", {"v"}}, {"Y", {"eps"}}}, {{"Out", {"ve"}}}, last);
  pb->Op("sqrt", {{"X", {"ve"}}}, {{"Out", {"s"}}});
  pb->Op("elementwise_div", {{"X", {"d"}}, {"Y", {"s"}}}, {{"Out", {"n"}}}, last);
  std::string y = "n";
  if (gamma) pb->Op("elementwise_mul", {{"X", {y}}, {"Y", {"gamma"}}}, {{"Out", {"ng"}}}, last), y = "ng";
  if (beta) pb->Op("elementwise_add", {{"X", {y}}, {"Y", {"beta"}}}, {{"Out", {"nb"}}}, last), y = "nb";
  pb->Op("relu", {{"X", {y}}}, {{"Out", {"y"}}});
}
}  // namespace

TEST_CASE("the nine-op layer norm over the last dim becomes layer_norm", "[io][passes]") {
  for (bool pow : {true, false})
    for (bool gamma : {true, false})
      for (bool beta : {true, false})
        for (const DDim& dims : {DDim({3, 8}), DDim({2, 3, 8}), DDim({1, 2, 5, 8})}) {
          INFO("pow " << pow << " gamma " << gamma << " beta " << beta << " x " << dims.ToString());
          ProgramBuilder pb;
          pb.Feed("x", dims.vec());
          AddDecomposedLayerNorm(&pb, pow, gamma, beta);
          pb.Fetch("y");
          Compared c = CompareOptimized(pb, "x", dims, {"y"});
          const std::map<std::string, int> want = {{"layer_norm", 1}, {"relu", 1}, {"feed", 1}, {"fetch", 1}};
          CHECK(c.optimized_ops == want);
        }
  for (int near_miss = 0; near_miss < 2; ++near_miss) {  // means over another dim; the centered x fetched
    ProgramBuilder pb;
    pb.Feed("x", {2, 8, 8});
    AddDecomposedLayerNorm(&pb, true, true, true, near_miss == 0 ? 1 : -1);
    pb.Fetch("y");
    if (near_miss == 1) pb.Fetch("d");
    Compared c = CompareOptimized(pb, "x", {2, 8, 8}, {"y"});
    CHECK(c.optimized_ops.count("layer_norm") == 0);
    CHECK(c.optimized_ops["reduce_mean"] == 2);
  }
}

TEST_CASE("GELU written with erf becomes gelu", "[io][passes]") {
  const std::map<std::string, Attribute> last = {{"axis", Attribute::Int(-1)}};
  for (int form = 0; form < 4; ++form) {  // div then * 0.5 last; mul by 1/sqrt 2; x * 0.5 first; not GELU
    INFO("form " << form);
    ProgramBuilder pb;
    pb.Feed("x", {-1, 6}).Weight("s2", MakeTensor({1}, {1.41421356f})).Weight("r2", MakeTensor({1}, {0.70710678f}))
        .Weight("one", MakeTensor({1}, {form == 3 ? 2.f : 1.f})).Weight("half", MakeTensor({1}, {0.5f}));
    if (form == 1) pb.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"r2"}}}, {{"Out", {"t"}}}, last);
    else pb.Op("elementwise_div", {{"X", {"x"}}, {"Y", {"s2"}}}, {{"Out", {"t"}}}, last);
    pb.Op("erf", {{"X", {"t"}}}, {{"Out", {"e"}}});
    pb.Op("elementwise_add", {{"X", {"e"}}, {"Y", {"one"}}}, {{"Out", {"p"}}}, last);
    if (form == 2) {
      pb.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"half"}}}, {{"Out", {"h"}}}, last);
      pb.Op("elementwise_mul", {{"X", {"p"}}, {"Y", {"h"}}}, {{"Out", {"g"}}}, last);
    } else {
      pb.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"p"}}}, {{"Out", {"m"}}}, last);
      pb.Op("elementwise_mul", {{"X", {"m"}}, {"Y", {"half"}}}, {{"Out", {"g"}}}, last);
    }
    pb.Op("relu", {{"X", {"g"}}}, {{"Out", {"y"}}}).Fetch("y");
    Compared c = CompareOptimized(pb, "x", {3, 6}, {"y"});
    if (form == 3) CHECK(c.optimized_ops["erf"] == 1);
    else CHECK(c.optimized_ops == std::map<std::string, int>{{"gelu", 1}, {"relu", 1}, {"feed", 1}, {"fetch", 1}});
  }
}

TEST_CASE("clip (ONNX's ReLU6 and bounded relus) fuses into the conv before it", "[io][passes]") {
  for (auto [lo, hi] : std::vector<std::pair<float, float>>{{0.f, 6.f}, {-0.5f, 0.25f}}) {
    ProgramBuilder pb;
    pb.Feed("x", {-1, 3, 6, 6}).Weight("w", RandomTensor({4, 3, 3, 3}, 5));
    pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}}, ConvAttrs());
    pb.Op("clip", {{"X", {"c"}}}, {{"Out", {"y"}}}, {{"min", Attribute::Float(lo)}, {"max", Attribute::Float(hi)}})
        .Fetch("y");
    Compared c = CompareOptimized(pb, "x", {2, 3, 6, 6}, {"y"});
    CHECK(c.loaded_ops["clip"] == 1);
    CHECK(c.optimized_ops == std::map<std::string, int>{{"conv2d", 1}, {"feed", 1}, {"fetch", 1}});
  }
}

namespace {

// Integers in [-127, 127] as float32 (Paddle's quantized weights), or as int8.
Tensor IntegerWeights(const DDim& dims, uint32_t seed, bool as_int8) {
  const Tensor r = RandomTensor(dims, seed, -127.f, 127.f);
  std::vector<float> v = ToVector(r);
  for (float& f : v) f = std::round(f);
  if (!as_int8) return MakeTensor(dims, v);
  return MakeTypedTensor<int8_t>(dims, std::vector<int8_t>(v.begin(), v.end()));
}

// Paddle's QDQ around a conv: x -> quantize_linear -> dequantize_linear -> conv2d (filter dequantize_linear of
// integer weights, one scale per output channel) -> + bias -> relu6; a depthwise conv with a float filter also
// reads the dequantized x. `x_zero_point` is the activations' zero point (0: foldable).
void AddQdqConv(ProgramBuilder* pb, bool int8_weights, int x_zero_point) {
  pb->Feed("x", {-1, 8, 7, 6})
      .Weight("sx", MakeTensor({1}, {3.5f}))
      .Weight("zx", MakeTypedTensor<int32_t>({1}, {x_zero_point}))
      .Weight("w", IntegerWeights({16, 8, 3, 3}, 21, int8_weights))
      .Weight("sw", RandomTensor({16}, 22, 0.05f, 0.5f))
      .Weight("zw", MakeTypedTensor<int32_t>({16}, std::vector<int32_t>(16, 0)))
      .Weight("bias", RandomTensor({16}, 23))
      .Weight("wd", RandomTensor({8, 1, 3, 3}, 24));
  const std::map<std::string, Attribute> q = {{"bit_length", Attribute::Int(8)}, {"quant_axis", Attribute::Int(-1)},
                                              {"round_type", Attribute::Int(0)}};
  pb->Op("quantize_linear", {{"X", {"x"}}, {"Scale", {"sx"}}, {"ZeroPoint", {"zx"}}}, {{"Y", {"xq"}}}, q)
      .Op("dequantize_linear", {{"X", {"xq"}}, {"Scale", {"sx"}}, {"ZeroPoint", {"zx"}}}, {{"Y", {"xd"}}}, q)
      .Op("dequantize_linear", {{"X", {"w"}}, {"Scale", {"sw"}}, {"ZeroPoint", {"zw"}}}, {{"Y", {"wq"}}},
          {{"bit_length", Attribute::Int(8)}, {"quant_axis", Attribute::Int(0)}})
      .Op("conv2d", {{"Input", {"xd"}}, {"Filter", {"wq"}}}, {{"Output", {"c"}}}, ConvAttrs())
      .Op("elementwise_add", {{"X", {"c"}}, {"Y", {"bias"}}}, {{"Out", {"cb"}}}, {{"axis", Attribute::Int(1)}})
      .Op("relu6", {{"X", {"cb"}}}, {{"Out", {"y"}}}, {{"threshold", Attribute::Float(6.f)}})
      .Op("depthwise_conv2d", {{"Input", {"xd"}}, {"Filter", {"wd"}}}, {{"Output", {"d"}}}, ConvAttrs(8))
      .Fetch("y")
      .Fetch("d");
}

}  // namespace

TEST_CASE("a conv between Paddle's quantize / dequantize ops becomes quantized_conv2d with bias and activation",
          "[io][passes][quantize]") {
  for (bool int8_weights : {false, true}) {
    ProgramBuilder pb;
    AddQdqConv(&pb, int8_weights, 0);
    Compared c = CompareOptimized(pb, "x", {2, 8, 7, 6}, {"y", "d"});
    CHECK(c.optimized_ops == std::map<std::string, int>{{"quantized_conv2d", 1}, {"depthwise_conv2d", 1},
                                                        {"quantize_linear", 1}, {"dequantize_linear", 1},
                                                        {"feed", 1}, {"fetch", 2}});
  }
}

// Paddle's frozen form of its older quantization passes: fake_quantize_moving_average_abs_max (InScale sx) -> conv2d
// of integer-valued float weights -> fake_channel_wise_dequantize_max_abs(Scales = [filter scales, sx]) -> + bias
// -> relu. `second_reader`: the conv's raw output is also fetched (then nothing folds).
void AddFrozenConv(ProgramBuilder* pb, bool second_reader) {
  pb->Feed("x", {-1, 8, 7, 6})
      .Weight("sx", MakeTensor({1}, {2.5f}))
      .Weight("w", IntegerWeights({16, 8, 3, 3}, 31, false))
      .Weight("sw", RandomTensor({16}, 32, 0.05f, 0.5f))
      .Weight("bias", RandomTensor({16}, 33));
  pb->Op("fake_quantize_moving_average_abs_max", {{"X", {"x"}}, {"InScale", {"sx"}}},
         {{"Out", {"xq"}}, {"OutScale", {"sx"}}}, {{"bit_length", Attribute::Int(8)}, {"is_test", Attribute::Bool(true)}})
      .Op("conv2d", {{"Input", {"xq"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}}, ConvAttrs())
      .Op("fake_channel_wise_dequantize_max_abs", {{"X", {"c"}}, {"Scales", {"sw", "sx"}}}, {{"Out", {"cd"}}},
          {{"quant_bits", Attribute::Ints({8, 8})}})
      .Op("elementwise_add", {{"X", {"cd"}}, {"Y", {"bias"}}}, {{"Out", {"cb"}}}, {{"axis", Attribute::Int(1)}})
      .Op("relu", {{"X", {"cb"}}}, {{"Out", {"y"}}})
      .Fetch("y");
  if (second_reader) pb->Fetch("c");
}

TEST_CASE("Paddle's frozen quantized conv (fake quantize, integer filter, channel-wise dequantize) becomes "
          "quantized_conv2d", "[io][passes][quantize]") {
  ProgramBuilder pb;
  AddFrozenConv(&pb, false);
  Compared c = CompareOptimized(pb, "x", {2, 8, 7, 6}, {"y"});
  CHECK(c.loaded_ops["fake_channel_wise_dequantize_max_abs"] == 1);
  CHECK(c.optimized_ops == std::map<std::string, int>{{"quantized_conv2d", 1}, {"feed", 1}, {"fetch", 1}});
  ProgramBuilder kept;
  AddFrozenConv(&kept, true);
  c = CompareOptimized(kept, "x", {1, 8, 7, 6}, {"y", "c"});
  CHECK(c.optimized_ops["quantized_conv2d"] == 0);
  CHECK(c.optimized_ops["fake_channel_wise_dequantize_max_abs"] == 1);
}

TEST_CASE("a quantized conv with a non-zero activation zero point stays as loaded", "[io][passes][quantize]") {
  ProgramBuilder pb;
  AddQdqConv(&pb, false, 3);
  Compared c = CompareOptimized(pb, "x", {1, 8, 7, 6}, {"y", "d"});
  CHECK(c.optimized_ops["quantized_conv2d"] == 0);
  CHECK(c.optimized_ops["conv2d"] == 1);
  CHECK(c.optimized_ops["dequantize_linear"] == 2);
}

TEST_CASE("dropout in inference: both implementations, and identity scales go away", "[io][passes]") {
  for (const char* impl : {"downgrade_in_infer", "upscale_in_train"}) {
    INFO(impl);
    ProgramBuilder pb;
    pb.Feed("x", {-1, 8});
    pb.Op("relu", {{"X", {"x"}}}, {{"Out", {"r"}}});
    pb.Op("dropout", {{"X", {"r"}}}, {{"Out", {"d"}}},
          {{"dropout_prob", Attribute::Float(0.25)}, {"is_test", Attribute::Bool(true)},
           {"dropout_implementation", Attribute::String(impl)}});
    pb.Op("scale", {{"X", {"d"}}}, {{"Out", {"y"}}}, {{"scale", Attribute::Float(1)}, {"bias", Attribute::Float(0)}});
    pb.Fetch("y");
    Compared c = CompareOptimized(pb, "x", {2, 8}, {"y"});
    CHECK(c.optimized_ops.count("dropout") == 0);
    // upscale_in_train is identity in inference: dropout and scale both vanish; downgrade keeps one scale.
    CHECK(c.optimized_ops["scale"] == (std::string(impl) == "upscale_in_train" ? 0 : 1));
  }
}

TEST_CASE("an identity scale straight after a feed rewires its readers", "[io][passes]") {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 4});
  pb.Op("scale", {{"X", {"x"}}}, {{"Out", {"s"}}}, {{"scale", Attribute::Float(1)}, {"bias", Attribute::Float(0)}});
  pb.Op("relu", {{"X", {"s"}}}, {{"Out", {"y"}}}).Fetch("y");
  Compared c = CompareOptimized(pb, "x", {1, 4}, {"y"});
  CHECK(c.optimized_ops.count("scale") == 0);
  CHECK(c.optimized_ops["relu"] == 1);
}

TEST_CASE("weights only the loaded program reads are freed unless kept", "[io][passes]") {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 3, 4, 4}).Weight("w", RandomTensor({2, 3, 1, 1}, 5));
  pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w"}}}, {{"Output", {"c"}}},
        {{"strides", Attribute::Ints({1, 1})}, {"paddings", Attribute::Ints({0, 0})},
         {"dilations", Attribute::Ints({1, 1})}, {"groups", Attribute::Int(1)}});
  AddBn(&pb, "c", "bn", 2, 50);
  pb.Fetch("bn");
  std::string model, params;
  pb.Serialize(&model, &params);
  std::shared_ptr<const Model> m;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m).ok());
  CHECK(m->weights().FindVar("w") == nullptr);       // replaced by the folded filter
  CHECK(m->weights().FindVar("bn.mean") == nullptr);
  CHECK(m->weights().LocalVarNames().size() == 2);   // folded filter and bias
  std::unique_ptr<Predictor> p;
  PredictorOptions po;
  po.use_loaded_program = true;
  Status s = Predictor::Create(m, po, &p);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("keep_loaded_program") != std::string::npos);
}

namespace {

std::map<std::string, Attribute> Conv1x1Attrs(const char* act = nullptr) {
  std::map<std::string, Attribute> a = {{"strides", Attribute::Ints({1, 1})}, {"paddings", Attribute::Ints({0, 0})},
                                        {"dilations", Attribute::Ints({1, 1})}, {"groups", Attribute::Int(1)}};
  if (act) a["fuse_activation"] = Attribute::String(act);
  return a;
}

std::map<std::string, Attribute> DwAttrs(int c, int stride, int pad) {
  return {{"strides", Attribute::Ints({stride, stride})}, {"paddings", Attribute::Ints({pad, pad})},
          {"dilations", Attribute::Ints({1, 1})}, {"groups", Attribute::Int(c)}};
}

// Op types of one Run of the optimized program (the Executor runs only the ops its targets need).
std::map<std::string, int> RanOps(const ProgramBuilder& pb, const std::string& feed, const DDim& in_dims) {
  std::string model, params;
  pb.Serialize(&model, &params);
  std::shared_ptr<const Model> m;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), ModelOptions(), &m).ok());
  std::unique_ptr<Predictor> p;
  PredictorOptions po;
  po.profile = true;
  REQUIRE(Predictor::Create(m, po, &p).ok());
  REQUIRE(p->SetInput(feed, RandomTensor(in_dims, 5)).ok());
  REQUIRE(p->Run().ok());
  std::map<std::string, int> ran;
  for (const auto& op : p->LastProfile()) ++ran[op.op->type];
  return ran;
}

// Whether the layout pass runs in this build and environment: packed-channel conv kernels for the active
// instruction set (x86 with AVX2 or AVX-512: NCHW16c; ARM with NEON: NCHW4c) and no EMBER_LAYOUT=nchw. The
// layout tests say so and pass when it does not.
bool LayoutPassRuns() {
  const char* env = std::getenv("EMBER_LAYOUT");
  if (PackedConvBlock() && !(env && std::string(env) == "nchw")) return true;
  WARN("the packed layout is off (no vector level, or EMBER_LAYOUT=nchw): nothing to test");
  return false;
}

// The model built by `pb`, with a predictor on the optimized program and one on the program as loaded.
void LoadBoth(const ProgramBuilder& pb, PredictorOptions po, std::unique_ptr<Predictor>* opt,
              std::unique_ptr<Predictor>* raw) {
  std::string model, params;
  pb.Serialize(&model, &params);
  std::shared_ptr<const Model> m;
  ModelOptions mo;
  mo.keep_loaded_program = true;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), mo, &m).ok());
  po.use_loaded_program = false;
  REQUIRE(Predictor::Create(m, po, opt).ok());
  po.use_loaded_program = true;
  REQUIRE(Predictor::Create(m, po, raw).ok());
}

// Both predictors' `name` after their last runs agree (within float rounding).
void CheckSame(Predictor* opt, Predictor* raw, const std::string& name) {
  const Tensor *a = nullptr, *b = nullptr;
  REQUIRE(opt->GetOutput(name, &a).ok());
  REQUIRE(raw->GetOutput(name, &b).ok());
  std::string why;
  const bool close = AllClose(ToVector(*a), ToVector(*b), 1e-5f, 1e-4f, &why);
  INFO(name << ": " << why);
  CHECK(close);
}

}  // namespace

TEST_CASE("regions of 1x1 and depthwise convs move to NCHW16c / NCHW4c, converted only at their borders",
          "[io][passes]") {
  if (!LayoutPassRuns()) return;
  // x -> pw0 (24 -> 24, relu6) -> pw1 (24 -> 40, relu) -> dw 3x3 s1 (hard_swish, applied after the kernel)
  //   -> pw2 (40 -> 24) -> add(pw0, pw2) -> relu -> dw 5x5 s2 -> pw3 (24 -> 32) -> global avg pool and
  // adaptive 1x1 max pool (both packed too). pw0's output is also read by a scale outside the region; 24 and
  // 40 channels leave padding in the blocks.
  ProgramBuilder pb;
  pb.Feed("x", {-1, 24, 15, 15});
  pb.Weight("w0", RandomTensor({24, 24, 1, 1}, 1)).Weight("w1", RandomTensor({40, 24, 1, 1}, 2));
  pb.Weight("wd", RandomTensor({40, 1, 3, 3}, 3)).Weight("w2", RandomTensor({24, 40, 1, 1}, 4));
  pb.Weight("wd2", RandomTensor({24, 1, 5, 5}, 5)).Weight("b1", RandomTensor({40}, 6));
  pb.Weight("w3", RandomTensor({32, 24, 1, 1}, 7));
  pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w0"}}}, {{"Output", {"p0"}}}, Conv1x1Attrs("relu6"));
  pb.Op("conv2d", {{"Input", {"p0"}}, {"Filter", {"w1"}}, {"Bias", {"b1"}}}, {{"Output", {"p1"}}}, Conv1x1Attrs("relu"));
  pb.Op("depthwise_conv2d", {{"Input", {"p1"}}, {"Filter", {"wd"}}}, {{"Output", {"d"}}}, DwAttrs(40, 1, 1));
  pb.Op("hard_swish", {{"X", {"d"}}}, {{"Out", {"dh"}}});
  pb.Op("conv2d", {{"Input", {"dh"}}, {"Filter", {"w2"}}}, {{"Output", {"p2"}}}, Conv1x1Attrs());
  pb.Op("elementwise_add", {{"X", {"p0"}}, {"Y", {"p2"}}}, {{"Out", {"a"}}}, {{"axis", Attribute::Int(-1)}});
  pb.Op("relu", {{"X", {"a"}}}, {{"Out", {"r"}}});
  pb.Op("depthwise_conv2d", {{"Input", {"r"}}, {"Filter", {"wd2"}}}, {{"Output", {"d2"}}}, DwAttrs(24, 2, 2));
  pb.Op("conv2d", {{"Input", {"d2"}}, {"Filter", {"w3"}}}, {{"Output", {"p3"}}}, Conv1x1Attrs());
  pb.Op("pool2d", {{"X", {"p3"}}}, {{"Out", {"pool"}}},
        {{"pooling_type", Attribute::String("avg")}, {"global_pooling", Attribute::Bool(true)},
         {"ksize", Attribute::Ints({1, 1})}});
  pb.Op("pool2d", {{"X", {"p3"}}}, {{"Out", {"maxpool"}}},
        {{"pooling_type", Attribute::String("max")}, {"adaptive", Attribute::Bool(true)},
         {"ksize", Attribute::Ints({1, 1})}});
  pb.Op("scale", {{"X", {"p0"}}}, {{"Out", {"s"}}}, {{"scale", Attribute::Float(2.f)}});
  pb.Fetch("pool").Fetch("maxpool").Fetch("s");
  Compared c = CompareOptimized(pb, "x", {2, 24, 15, 15}, {"pool", "maxpool", "s"});
  // Run: x in; p0 (for the scale) and the two [2, 32, 1, 1] pools out. The program also holds the
  // conversions back of the other 6 moved outputs, for callers that fetch them by name.
  CHECK(RanOps(pb, "x", {2, 24, 15, 15})["layout_transform"] == 4);
  CHECK(c.optimized_ops["layout_transform"] == 10);
  {  // one predictor per program through a change of input shape (odd sizes, batch 1 then 3)
    std::unique_ptr<Predictor> opt, raw;
    PredictorOptions po;
    po.threads = 2;
    LoadBoth(pb, po, &opt, &raw);
    for (const DDim& dims : {DDim({1, 24, 9, 13}), DDim({3, 24, 20, 7})}) {
      INFO("input " << dims.ToString());
      const Tensor x = RandomTensor(dims, 17, -2.f, 2.f);
      REQUIRE(opt->SetInput("x", x).ok());
      REQUIRE(raw->SetInput("x", x).ok());
      REQUIRE(opt->Run().ok());
      REQUIRE(raw->Run().ok());
      for (const char* o : {"pool", "maxpool", "s"}) CheckSame(opt.get(), raw.get(), o);
    }
  }
  {  // an intermediate inside the region: readable with light mode off, and fed like the program as loaded
    std::unique_ptr<Predictor> opt, raw;
    PredictorOptions po;
    po.light_mode = false;
    LoadBoth(pb, po, &opt, &raw);
    for (uint32_t seed : {21u, 22u}) {  // the second run must not leave the first run's p1 behind
      const Tensor x = RandomTensor({1, 24, 15, 15}, seed, -2.f, 2.f);
      REQUIRE(opt->SetInput("x", x).ok());
      REQUIRE(raw->SetInput("x", x).ok());
      REQUIRE(opt->Run().ok());
      REQUIRE(raw->Run().ok());
      CheckSame(opt.get(), raw.get(), "p1");
    }
    // p1 is computed inside the region: the predictor derives a program that keeps it fed as NCHW.
    const Tensor p1 = RandomTensor({1, 40, 15, 15}, 3);
    const Status s = opt->SetInput("p1", p1);
    INFO(s.message());
    REQUIRE(s.ok());
    REQUIRE(raw->SetInput("p1", p1).ok());
    REQUIRE(opt->Run().ok());
    REQUIRE(raw->Run().ok());
    for (const char* o : {"pool", "maxpool", "s"}) CheckSame(opt.get(), raw.get(), o);
  }

  ProgramDesc prog = pb.program;
  Scope weights;
  for (const auto& kv : pb.weights) *weights.Var(kv.first)->GetMutable() = kv.second;
  REQUIRE(FuseActivationPass(&prog).ok());
  ProgramDesc off = prog;
  int moved = 0;
  REQUIRE(Nchw16cLayoutPass(&prog, weights, &moved).ok());
  CHECK(moved == 9);  // the 6 convs (hard_swish fused into dw), the add (relu fused) and the pools: all but scale
  for (const auto& op : prog.block0().ops)
    if (op.type == "conv2d" || op.type == "depthwise_conv2d" || op.type == "pool2d") {
      REQUIRE(op.Attr("data_format"));
      CHECK(op.Attr("data_format")->s == (PackedConvBlock() == 16 ? "NCHW16c" : "NCHW4c"));
    }
  ProgramDesc again = prog;  // a second run finds its own names and leaves the program alone
  REQUIRE(Nchw16cLayoutPass(&again, weights, &moved).ok());
  CHECK(moved == 0);
  CHECK(again.OpTypeCounts() == prog.OpTypeCounts());
  setenv("EMBER_LAYOUT", "nchw", 1);
  const Status s = Nchw16cLayoutPass(&off, weights, &moved);
  unsetenv("EMBER_LAYOUT");
  REQUIRE(s.ok());
  CHECK(moved == 0);
  CHECK(off.OpTypeCounts().count("layout_transform") == 0);
}

TEST_CASE("a tensor written twice before its 1x1 readers is not converted once for both", "[io][passes]") {
  // v = 2x; a = pw(v); v = 3x; b = pw(v); c = a + b; d = dw(c); e = pw(d): moving the first two 1x1 convs
  // would hand both the first v.
  ProgramBuilder pb;
  pb.Feed("x", {-1, 16, 6, 6});
  pb.Weight("wa", RandomTensor({16, 16, 1, 1}, 1)).Weight("wb", RandomTensor({16, 16, 1, 1}, 2));
  pb.Weight("wd", RandomTensor({16, 1, 3, 3}, 3)).Weight("we", RandomTensor({16, 16, 1, 1}, 4));
  pb.Op("scale", {{"X", {"x"}}}, {{"Out", {"v"}}}, {{"scale", Attribute::Float(2.f)}});
  pb.Op("conv2d", {{"Input", {"v"}}, {"Filter", {"wa"}}}, {{"Output", {"a"}}}, Conv1x1Attrs());
  pb.Op("scale", {{"X", {"x"}}}, {{"Out", {"v"}}}, {{"scale", Attribute::Float(3.f)}});
  pb.Op("conv2d", {{"Input", {"v"}}, {"Filter", {"wb"}}}, {{"Output", {"b"}}}, Conv1x1Attrs());
  pb.Op("elementwise_add", {{"X", {"a"}}, {"Y", {"b"}}}, {{"Out", {"c"}}}, {{"axis", Attribute::Int(-1)}});
  pb.Op("depthwise_conv2d", {{"Input", {"c"}}, {"Filter", {"wd"}}}, {{"Output", {"d"}}}, DwAttrs(16, 1, 1));
  pb.Op("conv2d", {{"Input", {"d"}}, {"Filter", {"we"}}}, {{"Output", {"e"}}}, Conv1x1Attrs());
  pb.Fetch("e");
  CompareOptimized(pb, "x", {1, 16, 6, 6}, {"e"});
}

TEST_CASE("regions without both kinds of conv, or with more than one conversion per two convs, stay NCHW",
          "[io][passes]") {
  if (!LayoutPassRuns()) return;
  // x -> pw0 -> pw1 (no depthwise) -> 3x3 dense -> dw (no pointwise) -> 3x3 dense -> dw -> pw (2 convs, 2
  // conversions) -> fetched.
  ProgramBuilder pb;
  pb.Feed("x", {-1, 16, 7, 7});
  pb.Weight("w0", RandomTensor({32, 16, 1, 1}, 1)).Weight("w1", RandomTensor({16, 32, 1, 1}, 2));
  pb.Weight("wd", RandomTensor({16, 1, 3, 3}, 3)).Weight("w3", RandomTensor({16, 16, 3, 3}, 4));
  pb.Weight("w4", RandomTensor({16, 16, 3, 3}, 5)).Weight("wd2", RandomTensor({16, 1, 3, 3}, 6));
  pb.Weight("w5", RandomTensor({16, 16, 1, 1}, 7));
  pb.Op("conv2d", {{"Input", {"x"}}, {"Filter", {"w0"}}}, {{"Output", {"p0"}}}, Conv1x1Attrs("relu"));
  pb.Op("conv2d", {{"Input", {"p0"}}, {"Filter", {"w1"}}}, {{"Output", {"p1"}}}, Conv1x1Attrs());
  pb.Op("conv2d", {{"Input", {"p1"}}, {"Filter", {"w3"}}}, {{"Output", {"c3"}}}, ConvAttrs());
  pb.Op("depthwise_conv2d", {{"Input", {"c3"}}, {"Filter", {"wd"}}}, {{"Output", {"d"}}}, DwAttrs(16, 1, 1));
  pb.Op("conv2d", {{"Input", {"d"}}, {"Filter", {"w4"}}}, {{"Output", {"c4"}}}, ConvAttrs());
  pb.Op("depthwise_conv2d", {{"Input", {"c4"}}, {"Filter", {"wd2"}}}, {{"Output", {"d2"}}}, DwAttrs(16, 1, 1));
  pb.Op("conv2d", {{"Input", {"d2"}}, {"Filter", {"w5"}}}, {{"Output", {"p5"}}}, Conv1x1Attrs());
  pb.Fetch("p5");
  Compared c = CompareOptimized(pb, "x", {1, 16, 7, 7}, {"p5"});
  CHECK(c.optimized_ops.count("layout_transform") == 0);
  CHECK(c.optimized_ops["depthwise_conv2d"] == 2);
}
