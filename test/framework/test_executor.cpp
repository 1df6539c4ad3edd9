// Executor: pruning to the requested outputs, feeding/fetching any variable, shape changes, and errors.
#include <catch2/catch.hpp>

#include "framework/executor.h"
#include "io/ember.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {
// x -> relu -> a -> relu -> b ; x -> relu -> c
ProgramBuilder Branches() {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 4})
      .Op("relu", {{"X", {"x"}}}, {{"Out", {"a"}}})
      .Op("relu", {{"X", {"a"}}}, {{"Out", {"b"}}})
      .Op("relu", {{"X", {"x"}}}, {{"Out", {"c"}}})
      .Fetch("b")
      .Fetch("c");
  return pb;
}
std::vector<float> Relu(std::vector<float> v) {
  for (auto& x : v) x = x > 0 ? x : 0;
  return v;
}
}  // namespace

TEST_CASE("Executor runs only the ops the requested outputs need", "[framework][executor]") {
  ProgramBuilder pb = Branches();
  Scope weights;
  Executor ex(&pb.program, &weights);
  CHECK(ex.FeedNames() == std::vector<std::string>{"x"});
  CHECK(ex.FetchNames() == std::vector<std::string>{"b", "c"});
  Tensor x = MakeTensor({1, 4}, {-1, 2, -3, 4});
  REQUIRE(ex.SetInput("x", x).ok());
  REQUIRE(ex.Run().ok());
  CHECK(ex.LastRunOpCount() == 3);
  REQUIRE(ex.Run({"c"}).ok());
  CHECK(ex.LastRunOpCount() == 1);
  const Tensor* c = nullptr;
  REQUIRE(ex.GetOutput("c", &c).ok());
  CHECK(ToVector(*c) == Relu({-1, 2, -3, 4}));
  // An intermediate can be fed: then only the op after it runs.
  REQUIRE(ex.SetInput("a", MakeTensor({1, 4}, {5, -6, 7, -8})).ok());
  REQUIRE(ex.Run({"b"}).ok());
  CHECK(ex.LastRunOpCount() == 1);
  const Tensor* b = nullptr;
  REQUIRE(ex.GetOutput("b", &b).ok());
  CHECK(ToVector(*b) == Relu({5, -6, 7, -8}));
}

TEST_CASE("Executor re-infers shapes when the input shape changes and never returns stale outputs",
          "[framework][executor]") {
  ProgramBuilder pb = Branches();
  Scope weights;
  Executor ex(&pb.program, &weights);
  for (int64_t n : {1, 3, 2}) {
    Tensor x = RandomTensor({n, 4}, static_cast<uint32_t>(n));
    REQUIRE(ex.SetInput("x", x).ok());
    REQUIRE(ex.Run().ok());
    const Tensor* b = nullptr;
    REQUIRE(ex.GetOutput("b", &b).ok());
    CHECK(b->dims() == DDim({n, 4}));
    CHECK(ToVector(*b) == Relu(ToVector(x)));
  }
}

TEST_CASE("Executor errors: missing input, unknown names, wrong rank", "[framework][executor]") {
  ProgramBuilder pb = Branches();
  Scope weights;
  Executor ex(&pb.program, &weights);
  Status s = ex.Run();
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("inputs not set: x") != std::string::npos);
  CHECK(ex.SetInput("nope", MakeTensor({1}, {1})).code() == StatusCode::kNotFound);
  s = ex.SetInput("x", MakeTensor({4}, {1, 2, 3, 4}));
  CHECK(s.message().find("rank") != std::string::npos);
  REQUIRE(ex.SetInput("x", MakeTensor({1, 4}, {1, 2, 3, 4})).ok());
  CHECK(ex.Run({"zzz"}).code() == StatusCode::kNotFound);
}

TEST_CASE("Executor rejects a program that reads a variable before it is written", "[framework][executor]") {
  ProgramBuilder pb;
  pb.Feed("x", {1, 2})
      .Op("relu", {{"X", {"b"}}}, {{"Out", {"a"}}})   // reads b, written only below: a cycle
      .Op("relu", {{"X", {"a"}}}, {{"Out", {"b"}}})
      .Fetch("b");
  Scope weights;
  Executor ex(&pb.program, &weights);
  REQUIRE(ex.SetInput("x", MakeTensor({1, 2}, {1, 2})).ok());
  Status s = ex.Run();
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("before any op writes it") != std::string::npos);
}

TEST_CASE("A model with ops this build lacks lists them all at load", "[framework][registry]") {
  ProgramBuilder pb;
  pb.Feed("x", {1, 2})
      .Op("yolo_box_not_real", {{"X", {"x"}}}, {{"Out", {"a"}}})
      .Op("multiclass_nms_not_real", {{"X", {"a"}}}, {{"Out", {"b"}}})
      .Fetch("b");
  std::string model, params;
  pb.Serialize(&model, &params);
  std::shared_ptr<const Model> m;
  Status s = Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m);
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("ops not in this build: multiclass_nms_not_real, yolo_box_not_real") != std::string::npos);
}

TEST_CASE("Predictors share one model and keep their own outputs", "[framework][api]") {
  ProgramBuilder pb = Branches();
  std::string model, params;
  pb.Serialize(&model, &params);
  std::shared_ptr<const Model> m;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m).ok());
  std::unique_ptr<Predictor> p1, p2;
  REQUIRE(Predictor::Create(m, {}, &p1).ok());
  REQUIRE(Predictor::Create(m, {}, &p2).ok());
  REQUIRE(p1->SetInput("x", MakeTensor({1, 4}, {1, -1, 1, -1})).ok());
  REQUIRE(p2->SetInput("x", MakeTensor({1, 4}, {-1, 1, -1, 1})).ok());
  REQUIRE(p1->Run().ok());
  REQUIRE(p2->Run().ok());
  const Tensor *o1 = nullptr, *o2 = nullptr;
  REQUIRE(p1->GetOutput("b", &o1).ok());
  REQUIRE(p2->GetOutput("b", &o2).ok());
  CHECK(ToVector(*o1) == std::vector<float>{1, 0, 1, 0});
  CHECK(ToVector(*o2) == std::vector<float>{0, 1, 0, 1});
}

namespace {
struct NamedParam {
  Status Bind(ParamBinder*) { return Status::OK(); }
};
struct NamedKernel {
  Status Init(NamedParam*) { return Status::OK(); }
  Status Compute(const NamedParam&) { return Status::OK(); }
  const char* Name(const NamedParam&) const { return "named kernel"; }
};
struct UnnamedKernel {
  Status Init(NamedParam*) { return Status::OK(); }
  Status Compute(const NamedParam&) { return Status::OK(); }
};
template <typename Kernel>
struct TestOp : OperatorWithKernel<CPU, NamedParam, Kernel> {
  using OperatorWithKernel<CPU, NamedParam, Kernel>::OperatorWithKernel;
  Status InferShape() override { return Status::OK(); }
};
}  // namespace

TEST_CASE("KernelName reports a kernel's Name and is empty for kernels without one", "[framework][executor]") {
  OpDesc desc;
  desc.type = "test_op";
  Scope scope;
  TestOp<NamedKernel> named(desc, &scope);
  TestOp<UnnamedKernel> unnamed(desc, &scope);
  CHECK(std::string(named.KernelName()) == "named kernel");
  CHECK(std::string(unnamed.KernelName()).empty());
}

TEST_CASE("A profiled run records each op's time and shapes", "[framework][executor]") {
  ProgramBuilder pb = Branches();
  Scope weights;
  ExecutorOptions opts;
  opts.profile = true;
  Executor ex(&pb.program, &weights, opts);
  REQUIRE(ex.SetInput("x", MakeTensor({1, 4}, {-1, 2, -3, 4})).ok());
  REQUIRE(ex.Run().ok());
  REQUIRE(ex.LastProfile().size() == 3);
  for (const auto& t : ex.LastProfile()) {
    CHECK(t.ms >= 0);
    CHECK(t.dims.size() == 2);  // X and Out
  }
  CHECK(ex.LastProfile()[0].dims.at("x") == DDim({1, 4}));
}
