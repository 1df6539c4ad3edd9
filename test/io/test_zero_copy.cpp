// Loading without copies: a memory-mapped params file and caller-owned memory give weights that are
// views of that memory (when no conversion is needed); a reader callback can supply (e.g. decrypt) files.
#include <catch2/catch.hpp>

#include <fstream>
#include <unistd.h>

#include "io/ember.h"
#include "io/paddle/paddle_loader.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

ProgramBuilder Net() {
  ProgramBuilder pb;
  pb.Feed("x", {-1, 6})
      .Weight("w", RandomTensor({6, 4}, 1))
      .Weight("b", RandomTensor({4}, 2))
      .Op("mul", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"m"}}})
      .Op("elementwise_add", {{"X", {"m"}}, {"Y", {"b"}}}, {{"Out", {"y"}}}, {{"axis", Attribute::Int(1)}})
      .Fetch("y");
  return pb;
}

std::vector<float> Run(const std::shared_ptr<const Model>& m) {
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(m, {}, &p).ok());
  REQUIRE(p->SetInput("x", RandomTensor({2, 6}, 3)).ok());
  REQUIRE(p->Run().ok());
  const Tensor* out = nullptr;
  REQUIRE(p->GetOutput("y", &out).ok());
  return ToVector(*out);
}

// Where the tensor's bytes sit in the params file (by content), or npos.
size_t SourceOffset(const std::string& params, const Tensor& t) {
  return params.find(std::string(static_cast<const char*>(t.raw_data()), t.nbytes()));
}

}  // namespace

TEST_CASE("caller-owned params are used in place; copies are the default", "[io][zero_copy]") {
  ProgramBuilder pb = Net();
  std::string model, params;
  pb.Serialize(&model, &params);
  std::vector<float> want;
  {
    std::shared_ptr<const Model> copied;
    REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &copied).ok());
    const void* w = copied->weights().FindVar("w")->Get().raw_data();
    CHECK((w < params.data() || w >= params.data() + params.size()));
    want = Run(copied);
  }
  ModelOptions mo;
  mo.use_caller_memory = true;
  mo.optimize = false;  // keep "w" itself (the fc pass may replace nothing here, but be explicit)
  std::shared_ptr<const Model> viewed;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), mo, &viewed).ok());
  int views = 0;
  for (const char* name : {"w", "b"}) {
    const Tensor& t = viewed->weights().FindVar(name)->Get();
    const char* p = static_cast<const char*>(t.raw_data());
    bool inside = p >= params.data() && p < params.data() + params.size();
    size_t at = SourceOffset(params, t);
    REQUIRE(at != std::string::npos);
    // Float data at a 4-byte aligned place in the buffer is used in place; misaligned data is copied.
    bool aligned = reinterpret_cast<uintptr_t>(params.data() + at) % 4 == 0;
    CHECK(inside == aligned);
    views += inside;
  }
  CHECK(views >= 1);
  CHECK(Run(viewed) == want);
}

TEST_CASE("a combined params file is memory-mapped", "[io][zero_copy]") {
  ProgramBuilder pb = Net();
  std::string model, params;
  pb.Serialize(&model, &params);
  std::string dir = "/tmp/ember_test_mmap_" + std::to_string(::getpid());
  REQUIRE(std::system(("mkdir -p " + dir).c_str()) == 0);
  std::ofstream(dir + "/model.pdmodel", std::ios::binary) << model;
  std::ofstream(dir + "/model.pdiparams", std::ios::binary) << params;
  ModelOptions mo;
  mo.optimize = false;
  std::shared_ptr<const Model> m;
  REQUIRE(Model::Load(dir, mo, &m).ok());
  // Views of the mapping (page aligned, so alignment follows the file offset) share one block the size of
  // the whole file.
  int views = 0;
  for (const char* name : {"w", "b"}) {
    const Tensor& t = m->weights().FindVar(name)->Get();
    size_t at = SourceOffset(params, t);
    REQUIRE(at != std::string::npos);
    bool mapped = t.block()->size() == params.size();
    CHECK(mapped == (at % 4 == 0));
    views += mapped;
  }
  CHECK(views >= 1);
  std::shared_ptr<const Model> copied;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &copied).ok());
  CHECK(Run(m) == Run(copied));
  REQUIRE(std::system(("rm -rf " + dir).c_str()) == 0);
}

TEST_CASE("a reader callback supplies (here: decrypts) the model files", "[io][zero_copy]") {
  ProgramBuilder pb = Net();
  std::string model, params;
  pb.Serialize(&model, &params);
  auto xor_bytes = [](std::string s) {
    for (auto& c : s) c = static_cast<char>(c ^ 0x5c);
    return s;
  };
  std::map<std::string, std::string> vault = {{"net.enc", xor_bytes(model)}, {"weights.enc", xor_bytes(params)}};
  FileReader decrypt = [&](const std::string& name, std::string* out) -> Status {
    auto it = vault.find(name);
    if (it == vault.end()) return NotFound("vault has no ", name);
    *out = xor_bytes(it->second);
    return Status::OK();
  };
  std::shared_ptr<const Model> m;
  Status s = Model::LoadWithReader("net.enc", "weights.enc", decrypt, {}, &m);
  INFO(s.message());
  REQUIRE(s.ok());
  std::shared_ptr<const Model> plain;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &plain).ok());
  CHECK(Run(m) == Run(plain));
  // One file per weight, read by variable name.
  vault.clear();
  vault["net.enc"] = xor_bytes(model);
  for (const VarDesc* v : WeightVarsInFileOrder(pb.program)) {
    std::string one;
    AppendSerializedTensor(pb.weights[v->name], v->dtype, &one);
    vault[v->name] = xor_bytes(one);
  }
  REQUIRE(Model::LoadWithReader("net.enc", "", decrypt, {}, &m).ok());
  CHECK(Run(m) == Run(plain));
  // The reader's errors come back as they are.
  s = Model::LoadWithReader("missing.enc", "", decrypt, {}, &m);
  CHECK(s.code() == StatusCode::kNotFound);
  CHECK(s.message() == "vault has no missing.enc");
}

TEST_CASE("TakeOutput moves an output's own storage out; weights, inputs and shared blocks are copied",
          "[io][zero_copy]") {
  ProgramBuilder pb = Net();
  pb.Op("reshape2", {{"X", {"w"}}}, {{"Out", {"w_flat"}}}, {{"shape", Attribute::Ints({24})}});
  std::string model, params;
  pb.Serialize(&model, &params);
  ModelOptions mo;
  mo.optimize = false;
  std::shared_ptr<const Model> m;
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), mo, &m).ok());
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(m, {}, &p).ok());
  Tensor x = RandomTensor({2, 6}, 3);
  REQUIRE(p->SetInput("x", x).ok());
  REQUIRE(p->Run().ok());
  const Tensor* seen = nullptr;
  REQUIRE(p->GetOutput("y", &seen).ok());
  const void* storage = seen->raw_data();
  const std::vector<float> first = ToVector(*seen);

  Tensor taken;
  REQUIRE(p->TakeOutput("y", &taken).ok());
  CHECK(taken.raw_data() == storage);  // moved, not copied
  CHECK(taken.OwnsStorageAlone());
  CHECK(ToVector(taken) == first);
  CHECK_FALSE(p->GetOutput("y", &seen).ok());  // given away until the next Run

  // The next Run computes into new storage and leaves the taken tensor alone.
  REQUIRE(p->SetInput("x", RandomTensor({2, 6}, 9)).ok());
  REQUIRE(p->Run().ok());
  REQUIRE(p->GetOutput("y", &seen).ok());
  CHECK(seen->raw_data() != taken.raw_data());
  CHECK(ToVector(taken) == first);
  CHECK(ToVector(*seen) != first);

  // A weight, a fed input and a view of a weight (reshape2 may share its input's block) come out as tensors of
  // their own: writing into them changes neither the model's weights nor the predictor's input.
  REQUIRE(p->Run({"y", "w", "x", "w_flat"}).ok());
  const Tensor* y = nullptr;
  REQUIRE(p->GetOutput("y", &y).ok());
  const std::vector<float> y_before = ToVector(*y);
  for (const char* name : {"w", "x", "w_flat"}) {
    const Tensor* held = nullptr;
    REQUIRE(p->GetOutput(name, &held).ok());
    const std::vector<float> values = ToVector(*held);
    Tensor own;
    REQUIRE(p->TakeOutput(name, &own).ok());
    CHECK(ToVector(own) == values);
    for (int64_t i = 0; i < own.numel(); ++i) own.data<float>()[i] = 7.f;
  }
  CHECK(ToVector(m->weights().FindVar("w")->Get()) == ToVector(RandomTensor({6, 4}, 1)));
  REQUIRE(p->Run().ok());
  REQUIRE(p->GetOutput("y", &y).ok());
  CHECK(ToVector(*y) == y_before);
}
