// The Paddle loader: every layout, memory buffers, and bad input (garbage, truncation, extra bytes,
// missing weight files, dims and dtype mismatches). Bad input must give an error naming the cause.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

#include "io/ember.h"
#include "io/paddle/paddle_loader.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

std::string TempDir(const std::string& name) {
  std::string d = "/tmp/ember_test_" + name + "_" + std::to_string(::getpid());
  std::string cmd = "rm -rf '" + d + "' && mkdir -p '" + d + "'";
  REQUIRE(std::system(cmd.c_str()) == 0);
  return d;
}

void WriteFile(const std::string& path, const std::string& data) {
  std::ofstream f(path, std::ios::binary);
  f.write(data.data(), static_cast<std::streamsize>(data.size()));
}

std::string Slurp(const std::string& path) {
  std::string s;
  REQUIRE(ReadFileToString(path, &s).ok());
  return s;
}

// A tiny conv model built here: its files are the subject of the corruption tests.
ProgramBuilder TinyConv() {
  ProgramBuilder pb;
  pb.Feed("img", {-1, 2, 5, 5})
      .Weight("conv.w", RandomTensor({3, 2, 3, 3}, 1))
      .Weight("conv.b", RandomTensor({3}, 2))
      .Op("conv2d", {{"Input", {"img"}}, {"Filter", {"conv.w"}}}, {{"Output", {"c"}}},
          {{"strides", Attribute::Ints({1, 1})}, {"paddings", Attribute::Ints({1, 1})},
           {"dilations", Attribute::Ints({1, 1})}, {"groups", Attribute::Int(1)}})
      .Op("elementwise_add", {{"X", {"c"}}, {"Y", {"conv.b"}}}, {{"Out", {"d"}}}, {{"axis", Attribute::Int(1)}})
      .Op("relu", {{"X", {"d"}}}, {{"Out", {"out"}}})
      .Fetch("out");
  return pb;
}

Status LoadMem(const std::string& model, const std::string& params) {
  std::shared_ptr<const Model> m;
  return Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m);
}

}  // namespace

TEST_CASE("ProgramDesc round-trips through the protobuf format", "[io][loader]") {
  ProgramBuilder pb = TinyConv();
  pb.program.block0().ops[1].attrs["f64s"] = Attribute::Floats({1.5, 2.5});
  pb.program.block0().ops[1].attrs["f64s"].type = AttrType::kFloat64s;
  pb.program.block0().ops[1].attrs["names"] = Attribute::Strings({"a", "b"});
  pb.program.block0().ops[1].attrs["big"] = Attribute::Long(int64_t{1} << 40);
  std::string bytes;
  REQUIRE(SerializeProgramDesc(pb.program, &bytes).ok());
  ProgramDesc back;
  REQUIRE(ParseProgramDesc(bytes.data(), bytes.size(), "mem", &back).ok());
  REQUIRE(back.block0().ops.size() == pb.program.block0().ops.size());
  const OpDesc& conv = back.block0().ops[1];
  CHECK(conv.type == "conv2d");
  CHECK(conv.Input("Filter") == std::vector<std::string>{"conv.w"});
  CHECK(conv.Attr("paddings")->ints == std::vector<int64_t>{1, 1});
  CHECK(conv.Attr("f64s")->floats == std::vector<double>{1.5, 2.5});
  CHECK(conv.Attr("names")->strings == std::vector<std::string>{"a", "b"});
  CHECK(conv.Attr("big")->i == (int64_t{1} << 40));
  CHECK(back.FeedNames() == std::vector<std::string>{"img"});
  CHECK(back.FetchNames() == std::vector<std::string>{"out"});
  CHECK(back.block0().FindVar("conv.w")->dims == std::vector<int64_t>{3, 2, 3, 3});
}

TEST_CASE("Every layout loads: separate files, combined params, pdmodel+pdiparams, explicit pair, memory",
          "[io][loader]") {
  ProgramBuilder pb = TinyConv();
  std::string model, params;
  pb.Serialize(&model, &params);
  std::string dir = TempDir("layouts");
  Tensor img = RandomTensor({1, 2, 5, 5}, 3);
  auto run = [&](const std::string& path, const ModelOptions& mo) {
    std::shared_ptr<const Model> m;
    Status s = Model::Load(path, mo, &m);
    INFO(path << ": " << s.message());
    REQUIRE(s.ok());
    std::unique_ptr<Predictor> p;
    REQUIRE(Predictor::Create(m, {}, &p).ok());
    REQUIRE(p->SetInput("img", img).ok());
    REQUIRE(p->Run().ok());
    const Tensor* out = nullptr;
    REQUIRE(p->GetOutput("out", &out).ok());
    return ToVector(*out);
  };
  // separate: __model__ + one file per weight, plus a file the program does not reference
  REQUIRE(std::system(("mkdir -p " + dir + "/sep " + dir + "/comb " + dir + "/pd " + dir + "/pair").c_str()) == 0);
  WriteFile(dir + "/sep/__model__", model);
  for (const auto& kv : pb.weights) {
    std::string one;
    AppendSerializedTensor(kv.second, static_cast<int>(VarDataType::kFP32), &one);
    WriteFile(dir + "/sep/" + kv.first, one);
  }
  WriteFile(dir + "/sep/unrelated.png", "not a weight");
  WriteFile(dir + "/comb/model", model);
  WriteFile(dir + "/comb/params", params);
  WriteFile(dir + "/pd/inference.pdmodel", model);
  WriteFile(dir + "/pd/inference.pdiparams", params);
  WriteFile(dir + "/pair/net.bin", model);
  WriteFile(dir + "/pair/w.dat", params);
  std::vector<float> want = run(dir + "/sep", {});
  CHECK(want.size() == 75);
  CHECK(run(dir + "/comb", {}) == want);
  CHECK(run(dir + "/pd", {}) == want);
  CHECK(run(dir + "/pd/inference.pdmodel", {}) == want);
  ModelOptions pair;
  pair.params_file = dir + "/pair/w.dat";
  CHECK(run(dir + "/pair/net.bin", pair) == want);
  std::shared_ptr<const Model> m;
  CHECK(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m).ok());
  CHECK(m->weights().FindVar("conv.w") != nullptr);
}

TEST_CASE("float16, int32 and int64 weights load; float16 converts to float32", "[io][loader]") {
  ProgramBuilder pb;
  pb.Feed("x", {1, 3}).Weight("h", MakeTensor({3}, {0.5f, -2.f, 1024.f}))
      .Weight("i", MakeTypedTensor<int32_t>({2}, {7, -9}))
      .Weight("l", MakeTypedTensor<int64_t>({1}, {int64_t{1} << 40}))
      .Op("elementwise_add", {{"X", {"x"}}, {"Y", {"h"}}}, {{"Out", {"y"}}})
      .Fetch("y");
  pb.program.block0().FindVar("h")->dtype = static_cast<int>(VarDataType::kFP16);
  std::string model, params;
  REQUIRE(SerializeProgramDesc(pb.program, &model).ok());
  for (const VarDesc* v : WeightVarsInFileOrder(pb.program)) AppendSerializedTensor(pb.weights[v->name], v->dtype, &params);
  std::shared_ptr<const Model> m;
  ModelOptions mo;
  mo.optimize = false;  // "i" and "l" feed no op: the passes would free them
  REQUIRE(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), mo, &m).ok());
  REQUIRE(m->weights().FindVar("h"));
  REQUIRE(m->weights().FindVar("i"));
  REQUIRE(m->weights().FindVar("l"));
  const Tensor& h = m->weights().FindVar("h")->Get();
  CHECK(h.dtype() == DataType::kFloat32);
  CHECK(ToVector(h) == std::vector<float>{0.5f, -2.f, 1024.f});
  CHECK(m->weights().FindVar("i")->Get().data<int32_t>()[1] == -9);
  CHECK(m->weights().FindVar("l")->Get().data<int64_t>()[0] == (int64_t{1} << 40));
}

TEST_CASE("Garbage and truncated model files are errors, never crashes", "[io][loader][bad]") {
  ProgramBuilder pb = TinyConv();
  std::string model, params;
  pb.Serialize(&model, &params);
  std::mt19937 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    std::string junk(static_cast<size_t>(rng() % 4096), '\0');
    for (auto& c : junk) c = static_cast<char>(rng());
    Status s = LoadMem(junk, params);
    CHECK_FALSE(s.ok());
    CHECK_FALSE(s.message().empty());
  }
  // Every prefix of the model: an error, unless the prefix is itself a complete program (a cut right
  // after the last block), which then loads as that program.
  int errors = 0;
  for (size_t n = 0; n < model.size(); ++n) {
    Status s = LoadMem(model.substr(0, n), params);
    if (!s.ok()) {
      ++errors;
      CHECK(s.message().find("model <memory>") != std::string::npos);
    }
  }
  CHECK(errors >= static_cast<int>(model.size()) - 4);
  // Every prefix of the params, and one extra byte: errors naming the params and (when inside one) the variable.
  for (size_t n = 0; n < params.size(); ++n) {
    Status s = LoadMem(model, params.substr(0, n));
    REQUIRE_FALSE(s.ok());
    CHECK(s.message().find("params <memory>") != std::string::npos);
  }
  Status extra = LoadMem(model, params + "x");
  CHECK(extra.code() == StatusCode::kParseError);
  CHECK(extra.message().find("1 unexpected bytes") != std::string::npos);
}

TEST_CASE("Weights that disagree with the program are errors naming the variable", "[io][loader][bad]") {
  ProgramBuilder pb = TinyConv();
  std::string model, params;
  pb.Serialize(&model, &params);
  SECTION("dims mismatch") {
    pb.program.block0().FindVar("conv.w")->dims = {3, 2, 5, 5};
    REQUIRE(SerializeProgramDesc(pb.program, &model).ok());
    Status s = LoadMem(model, params);
    CHECK(s.message().find("'conv.w'") != std::string::npos);
    CHECK(s.message().find("disagree") != std::string::npos);
  }
  SECTION("dtype mismatch") {
    pb.program.block0().FindVar("conv.b")->dtype = static_cast<int>(VarDataType::kInt64);
    REQUIRE(SerializeProgramDesc(pb.program, &model).ok());
    Status s = LoadMem(model, params);
    CHECK(s.message().find("'conv.b'") != std::string::npos);
    CHECK(s.message().find("INT64") != std::string::npos);
  }
  SECTION("huge dims that overflow") {
    std::string bad;
    Tensor t(DataType::kFloat32, {int64_t{1} << 40, int64_t{1} << 40});
    // Hand-make the header: AppendSerializedTensor would try to write the data.
    pb.program.block0().FindVar("conv.b")->dims = {int64_t{1} << 40, int64_t{1} << 40};
    REQUIRE(SerializeProgramDesc(pb.program, &model).ok());
    Status s = LoadMem(model, params);
    CHECK_FALSE(s.ok());
    CHECK(s.message().find("conv.b") != std::string::npos);
  }
  SECTION("undeclared variable in an op") {
    pb.program.block0().ops[2].SetInput("Y", {"ghost"});
    REQUIRE(SerializeProgramDesc(pb.program, &model).ok());
    Status s = LoadMem(model, params);
    CHECK(s.message().find("undeclared variable 'ghost'") != std::string::npos);
  }
  SECTION("undeclared variable whose name has a backslash and a raw 0xAD byte") {
    pb.program.block0().ops[2].SetInput("Y", {"gh\\o\xadst"});
    REQUIRE(SerializeProgramDesc(pb.program, &model).ok());
    Status s = LoadMem(model, params);
    // Quoted: the byte escaped and the backslash doubled (so the escape cannot be forged by the name).
    CHECK(s.message().find("undeclared variable 'gh\\\\o\\xadst'") != std::string::npos);
    CHECK(s.message().find('\xad') == std::string::npos);
  }
}

TEST_CASE("A missing weight file names the variable and the path", "[io][loader][bad]") {
  ProgramBuilder pb = TinyConv();
  std::string model, params;
  pb.Serialize(&model, &params);
  std::string dir = TempDir("missing");
  WriteFile(dir + "/__model__", model);
  std::string one;
  AppendSerializedTensor(pb.weights["conv.w"], static_cast<int>(VarDataType::kFP32), &one);
  WriteFile(dir + "/conv.w", one);
  std::shared_ptr<const Model> m;
  Status s = Model::Load(dir, {}, &m);
  CHECK(s.code() == StatusCode::kNotFound);
  CHECK(s.message().find("'conv.b'") != std::string::npos);
  CHECK(s.message().find(dir + "/conv.b") != std::string::npos);
  CHECK(Model::Load(dir + "/nothing_here", {}, &m).code() == StatusCode::kNotFound);
}

TEST_CASE("Real models: every prefix of a small model file and its params file fails cleanly",
          "[io][loader][bad][models]") {
  REQUIRE_MODELS();
  std::string dir = ModelsDir() + "/paddle/pl_simple_model";
  std::string model = Slurp(dir + "/model.pdmodel"), params = Slurp(dir + "/model.pdiparams");
  REQUIRE(LoadMem(model, params).ok());
  int ok_prefixes = 0;
  for (size_t n = 0; n < model.size(); ++n)
    if (LoadMem(model.substr(0, n), params).ok()) ++ok_prefixes;
  CHECK(ok_prefixes <= 2);  // only cuts after a complete top-level field may form a valid program
  for (size_t n = 0; n < params.size(); ++n) CHECK_FALSE(LoadMem(model, params.substr(0, n)).ok());
  // Single-byte flips: never a crash; most give errors.
  for (size_t off = 0; off < params.size(); off += 97) {
    std::string p = params;
    p[off] = static_cast<char>(p[off] ^ 0x5a);
    (void)LoadMem(model, p);
  }
  for (size_t off = 0; off < model.size(); off += 13) {
    std::string m = model;
    m[off] = static_cast<char>(m[off] ^ 0xff);
    (void)LoadMem(m, params);
  }
}

TEST_CASE("Every shared Paddle graph parses", "[io][loader][models]") {
  REQUIRE_MODELS();
  for (const char* g : {"garbage_cls", "paddle_infer_python", "paddleclas_inference", "paddledet_openvino",
                        "paddlejs_gesture_detect", "paddlejs_mobilenetv2", "tengine_inference"}) {
    PaddleModelFiles files;
    REQUIRE(FindPaddleModelFiles(ModelsDir() + "/paddle/graphs/" + g, "", &files).ok());
    std::string bytes = Slurp(files.model_file);
    ProgramDesc p;
    Status s = ParseProgramDesc(bytes.data(), bytes.size(), files.model_file, &p);
    INFO(g << ": " << s.message());
    CHECK(s.ok());
    CHECK(p.block0().ops.size() > 50);
    CHECK(p.FeedNames().size() >= 1);
    CHECK(p.FetchNames().size() >= 1);
  }
}
