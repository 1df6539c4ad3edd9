// Optimizer passes: each rewritten program must compute what the program as loaded computes (compared on
// random inputs), and the rewrite must actually happen (or, where it must not, not happen).
#include <catch2/catch.hpp>

#include "io/ember.h"
#include "io/passes.h"
#include "test_util.h"

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
