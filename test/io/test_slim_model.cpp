// The slim model format (io/slim/slim_model.h, `ember convert --slim`): models from every loader written after
// the passes must read back with the same program and give bit-identical outputs to the original model loaded
// the usual way (same program, same kernels), and match the shared models' independent references. The file is
// checked by a reader written here (header, 64-byte aligned weights holding the original bytes), and every
// malformed file (each truncation, each corrupted field) is a ParseError, never a crash.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "io/ember.h"
#include "io/model_test_util.h"
#include "io/onnx_test_util.h"
#include "io/slim/slim_model.h"
#include "passes/passes.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

std::string TempPath(const std::string& name) {
  return "/tmp/ember_test_slim_" + name + "_" + std::to_string(::getpid()) + ".ember";
}

struct TempFile {
  explicit TempFile(const std::string& name) : path(TempPath(name)) {}
  ~TempFile() { std::remove(path.c_str()); }
  std::string path;
};

std::string Slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// The header, read by hand: magic, version, and sections that tile the file with 64-byte aligned data.
void CheckHeader(const std::string& bytes) {
  REQUIRE(bytes.size() >= 40);
  CHECK(bytes.compare(0, 8, "EMBRSLIM") == 0);
  uint32_t version = 0;
  uint64_t program_bytes = 0, data_offset = 0, data_bytes = 0;
  std::memcpy(&version, bytes.data() + 8, 4);
  std::memcpy(&program_bytes, bytes.data() + 16, 8);
  std::memcpy(&data_offset, bytes.data() + 24, 8);
  std::memcpy(&data_bytes, bytes.data() + 32, 8);
  CHECK(version == 1u);
  CHECK(data_offset % 64 == 0);
  CHECK(data_offset >= 40 + program_bytes);
  CHECK(data_offset + data_bytes == bytes.size());
}

struct SlimRoundTrip {
  std::shared_ptr<const Model> original, slim;
  std::vector<Tensor> original_out, slim_out;
};

// Writes `path`'s model as a slim file, loads both, checks the slim program equals the original's after the
// passes, each weight is a 64-byte aligned view of the file holding the bytes the original model runs with, and
// the outputs are bit-identical.
SlimRoundTrip ConvertAndRun(const std::string& path, const std::string& out, const std::map<std::string, Tensor>& inputs,
                            bool generate_weights = false) {
  ModelOptions as_loaded;
  as_loaded.optimize = false;
  as_loaded.generate_weights = generate_weights;
  auto loaded = MustLoad(path, as_loaded);
  SlimWriteReport report;
  Status s = WriteOptimizedSlimModel(loaded->programs().loaded, loaded->weights(), {}, out, &report);
  INFO(s.message());
  REQUIRE(s.ok());
  const std::string bytes = Slurp(out);
  CheckHeader(bytes);
  CHECK(report.file_bytes == bytes.size());
  SlimRoundTrip r;
  ModelOptions keep;
  keep.generate_weights = generate_weights;
  keep.release_packed_weights = false;
  r.original = MustLoad(path, keep);
  r.slim = MustLoad(out, ModelOptions());
  CHECK(r.slim->program().format == "slim");
  CHECK(r.slim->FeedNames() == r.original->FeedNames());
  CHECK(r.slim->FetchNames() == r.original->FetchNames());
  CHECK(r.slim->program().OpTypeCounts() == r.original->program().OpTypeCounts());
  REQUIRE(report.weights > 0);
  for (const auto& name : r.slim->weights().LocalVarNames()) {
    INFO("weight " << name);
    const Tensor& t = r.slim->weights().FindVar(name)->Get();
    const Variable* o = r.original->weights().FindVar(name);
    REQUIRE(o);
    REQUIRE(t.nbytes() == o->Get().nbytes());
    CHECK(t.dims() == o->Get().dims());
    CHECK(reinterpret_cast<uintptr_t>(t.raw_data()) % 64 == 0);
    if (t.nbytes()) CHECK(std::memcmp(t.raw_data(), o->Get().raw_data(), t.nbytes()) == 0);
    if (t.dtype() != DataType::kBool) CHECK(t.block()->size() == bytes.size());  // a view of the mapped file
  }
  r.original_out = RunAll(r.original, inputs);
  r.slim_out = RunAll(r.slim, inputs);
  REQUIRE(r.original_out.size() == r.slim_out.size());
  for (size_t i = 0; i < r.slim_out.size(); ++i) {
    INFO("output " << i);
    REQUIRE(r.slim_out[i].dims() == r.original_out[i].dims());
    REQUIRE(r.slim_out[i].nbytes() == r.original_out[i].nbytes());
    CHECK(std::memcmp(r.slim_out[i].raw_data(), r.original_out[i].raw_data(), r.slim_out[i].nbytes()) == 0);
  }
  return r;
}

std::string NcnnBench(const std::string& name) {
  const char* env = std::getenv("EMBER_NCNN_BENCH_DIR");
  return (env && *env ? std::string(env) : ModelsDir() + "/../bench/ncnn") + "/" + name;
}

}  // namespace

TEST_CASE("slim: the Paddle gesture recognizer matches its reference, with its batch norms folded", "[slim][paddle]") {
  REQUIRE_MODELS();
  const std::string dir = ModelsDir() + "/paddle/paddlejs_gesture_rec";
  Tensor img = MakeTensor({1, 3, 224, 224}, ReadFloats(dir + "/refdata_npref/input_img.bin"));
  TempFile out("gesture");
  SlimRoundTrip r = ConvertAndRun(dir, out.path, {{"img", img}});
  CHECK(r.slim->program().OpTypeCounts().count("batch_norm") == 0);
  std::string why;
  CHECK(AllClose(ToVector(r.slim_out[0]), ReadFloats(dir + "/refdata_npref/output_save_infer_model_scale_0.bin"), 1e-4f,
                 1e-4f, &why));
  INFO(why);
}

TEST_CASE("slim: the ONNX UltraFace detector matches test_data_set_0", "[slim][onnx]") {
  REQUIRE_MODELS();
  const std::string src = ModelsDir() + "/onnx/ultraface";
  Tensor input, scores, boxes;
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/input_0.pb", &input).ok());
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/output_0.pb", &scores).ok());
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/output_1.pb", &boxes).ok());
  TempFile out("ultraface");
  ModelOptions mo;
  auto orig = MustLoad(src + "/version-RFB-320.onnx", mo);
  SlimRoundTrip r = ConvertAndRun(src + "/version-RFB-320.onnx", out.path, {{orig->FeedNames()[0], input}});
  REQUIRE(r.slim_out.size() == 2);
  CHECK(MaxAbsDiff(r.slim_out[0], scores) <= 1e-4f);
  CHECK(MaxAbsDiff(r.slim_out[1], boxes) <= 1e-4f);
}

TEST_CASE("slim: the MNIST MLP (one file per weight) still reads the 3", "[slim][paddle]") {
  REQUIRE_MODELS();
  const std::string dir = ModelsDir() + "/paddle/mnist_mlp_handwriting";
  Tensor x = MakeTensor({1, 1, 28, 28}, ReadFloats(dir + "/refdata_npref/input_image.bin"));
  TempFile out("mnist");
  SlimRoundTrip r = ConvertAndRun(dir, out.path, {{"image", x}});
  std::vector<float> probs = ToVector(r.slim_out[0]);
  REQUIRE(probs.size() == 10);
  CHECK(std::max_element(probs.begin(), probs.end()) - probs.begin() == 3);
  CHECK(r.slim->program().OpTypeCounts().at("fc") == 3);  // mul + elementwise_add fused when written
}

TEST_CASE("slim: ncnn graphs with generated weights (NCHW16c regions made at load)", "[slim][ncnn]") {
  for (const char* name : {"mobilenet.param", "shufflenet_v2.param"}) {
    const std::string param = NcnnBench(name);
    if (!std::ifstream(param)) FAIL("ncnn bench graph not found: " << param << " (set EMBER_NCNN_BENCH_DIR)");
    TempFile out(std::string("ncnn_") + name);
    ModelOptions gen;
    gen.generate_weights = true;
    auto orig = MustLoad(param, gen);
    std::map<std::string, Tensor> in = {{orig->FeedNames()[0], RandomTensor({1, 3, 224, 224}, 3)}};
    SlimRoundTrip r = ConvertAndRun(param, out.path, in, true);
    // Written without the target pass, which ran at load: the file's program has no layout_transform.
    ProgramDesc file_program;
    Scope file_weights;
    REQUIRE(LoadSlimFile(out.path, &file_program, &file_weights).ok());
    CHECK(file_program.OpTypeCounts().count("layout_transform") == 0);
    CHECK(file_program.OpTypeCounts() == r.slim->programs().loaded.OpTypeCounts());
  }
}

TEST_CASE("slim: from memory, copied or in the caller's buffer", "[slim]") {
  REQUIRE_MODELS();
  const std::string dir = ModelsDir() + "/paddle/mnist_mlp_handwriting";
  Tensor x = MakeTensor({1, 1, 28, 28}, ReadFloats(dir + "/refdata_npref/input_image.bin"));
  TempFile out("memory");
  SlimRoundTrip r = ConvertAndRun(dir, out.path, {{"image", x}});
  std::string bytes = Slurp(out.path);
  for (bool in_place : {false, true}) {
    INFO("in place " << in_place);
    ModelOptions mo;
    mo.use_caller_memory = in_place;
    std::shared_ptr<const Model> m;
    Status s = Model::LoadFromMemory(bytes.data(), bytes.size(), nullptr, 0, mo, &m);
    INFO(s.message());
    REQUIRE(s.ok());
    const Tensor& w = m->weights().FindVar(m->weights().LocalVarNames()[0])->Get();
    const char* p = static_cast<const char*>(w.raw_data());
    CHECK((p >= bytes.data() && p < bytes.data() + bytes.size()) == in_place);
    std::vector<Tensor> got = RunAll(m, {{"image", x}});
    CHECK(std::memcmp(got[0].raw_data(), r.slim_out[0].raw_data(), got[0].nbytes()) == 0);
  }
  std::shared_ptr<const Model> m;
  Status s = Model::LoadFromMemory(bytes.data(), bytes.size(), bytes.data(), 4, {}, &m);
  CHECK(s.code() == StatusCode::kInvalidArgument);
}

namespace {

// A small program with every attribute type and weights of each element type.
void SmallModel(ProgramDesc* p, Scope* w) {
  ProgramBuilder pb;
  pb.Feed("x", {1, 4});
  pb.Weight("scale_w", MakeTensor({1, 4}, {1.f, -2.f, 0.5f, 3.f}));
  pb.Op("elementwise_mul", {{"X", {"x"}}, {"Y", {"scale_w"}}}, {{"Out", {"y"}}},
        {{"axis", Attribute::Int(-1)}, {"i64", Attribute::Long(int64_t{1} << 40)}, {"f", Attribute::Float(0.25)},
         {"s", Attribute::String("text")}, {"is", Attribute::Ints({1, -2, 3})}, {"fs", Attribute::Floats({1.5, -2})},
         {"ss", Attribute::Strings({"a", "", "c"})}, {"b", Attribute::Bool(true)}});
  pb.Fetch("y");
  *p = pb.program;
  for (const auto& kv : pb.weights) REQUIRE(w->Var(kv.first)->GetMutable()->CopyFrom(kv.second).ok());
  VarDesc flags;
  flags.name = "flags";
  flags.persistable = true;
  flags.dtype = static_cast<int>(VarDataType::kBool);
  p->block0().AddVar(flags);
  Tensor t(DataType::kBool, DDim({3}));
  bool* b = t.mutable_data<bool>();
  b[0] = true, b[1] = false, b[2] = true;
  *w->Var("flags")->GetMutable() = std::move(t);
  p->block0().ops[1].inputs.push_back({"Unused", {"flags"}});  // read by an op, so written
}

std::string SmallModelBytes() {
  ProgramDesc p;
  Scope w;
  SmallModel(&p, &w);
  std::string bytes;
  REQUIRE(SerializeSlimModel(p, w, &bytes).ok());
  return bytes;
}

Status Parse(const std::string& bytes, ProgramDesc* p = nullptr, Scope* w = nullptr) {
  ProgramDesc program;
  Scope weights;
  return ParseSlimModel(bytes.data(), bytes.size(), "test.ember", nullptr, p ? p : &program, w ? w : &weights);
}

}  // namespace

TEST_CASE("slim: every attribute type, variable field and weight element type survives", "[slim]") {
  ProgramDesc orig;
  Scope orig_w;
  SmallModel(&orig, &orig_w);
  const std::string bytes = SmallModelBytes();
  ProgramDesc p;
  Scope w;
  Status s = Parse(bytes, &p, &w);
  INFO(s.message());
  REQUIRE(s.ok());
  REQUIRE(p.blocks.size() == orig.blocks.size());
  REQUIRE(p.block0().ops.size() == orig.block0().ops.size());
  for (size_t i = 0; i < p.block0().ops.size(); ++i) {
    const OpDesc &a = p.block0().ops[i], &b = orig.block0().ops[i];
    CHECK(a.type == b.type);
    CHECK(a.inputs == b.inputs);
    CHECK(a.outputs == b.outputs);
    REQUIRE(a.attrs.size() == b.attrs.size());
    for (const auto& kv : b.attrs) {
      INFO("attribute " << kv.first);
      const Attribute* got = a.Attr(kv.first);
      REQUIRE(got);
      CHECK(got->type == kv.second.type);
      CHECK(got->i == kv.second.i);
      CHECK(got->f == kv.second.f);
      CHECK(got->s == kv.second.s);
      CHECK(got->ints == kv.second.ints);
      CHECK(got->floats == kv.second.floats);
      CHECK(got->strings == kv.second.strings);
    }
  }
  for (const auto& v : orig.block0().vars) {
    const VarDesc* got = p.block0().FindVar(v.name);
    REQUIRE(got);
    CHECK(got->type == v.type);
    CHECK(got->persistable == v.persistable);
    CHECK(got->lod_level == v.lod_level);
  }
  CHECK(ToVector(w.FindVar("scale_w")->Get()) == std::vector<float>{1.f, -2.f, 0.5f, 3.f});
  const Tensor& flags = w.FindVar("flags")->Get();
  REQUIRE(flags.dtype() == DataType::kBool);
  CHECK((flags.data<bool>()[0] && !flags.data<bool>()[1] && flags.data<bool>()[2]));
}

TEST_CASE("slim: every truncation and corrupted header field is a ParseError naming the file", "[slim][malformed]") {
  const std::string bytes = SmallModelBytes();
  REQUIRE(Parse(bytes).ok());
  for (size_t n = 0; n < bytes.size(); ++n) {
    Status s = Parse(bytes.substr(0, n));
    INFO("truncated to " << n << " bytes: " << s.message());
    REQUIRE(s.code() == StatusCode::kParseError);
    CHECK(s.message().find("test.ember") != std::string::npos);
  }
  auto patched = [&](size_t at, const void* v, size_t n) {
    std::string b = bytes;
    std::memcpy(&b[at], v, n);
    return Parse(b);
  };
  const uint32_t v2 = 2;
  Status s = patched(8, &v2, 4);
  CHECK(s.message().find("format version 2") != std::string::npos);
  const uint64_t huge = ~uint64_t{0} / 2, one = 1;
  for (size_t field : {16, 24, 32}) {
    INFO("header field at " << field);
    CHECK(patched(field, &huge, 8).code() == StatusCode::kParseError);
    CHECK(patched(field, &one, 8).code() == StatusCode::kParseError);
  }
  CHECK(patched(0, "EMBRSLIX", 8).message().find("no EMBRSLIM magic") != std::string::npos);
}

TEST_CASE("slim: corrupted program and weight fields are errors, any byte anywhere is never a crash",
          "[slim][malformed]") {
  const std::string bytes = SmallModelBytes();
  // Every byte of the program and weight table set to 0xff, 0x00 and 0x7f in turn: an error or a model that
  // loads (a changed name or value may still be a valid program), never a crash or a huge allocation.
  uint64_t program_bytes = 0;
  std::memcpy(&program_bytes, bytes.data() + 16, 8);
  int errors = 0;
  for (size_t at = 40; at < 40 + program_bytes; ++at) {
    for (char c : {'\xff', '\x00', '\x7f'}) {
      std::string b = bytes;
      b[at] = c;
      Status s = Parse(b);
      if (!s.ok()) {
        ++errors;
        CHECK(s.code() == StatusCode::kParseError);
      }
    }
  }
  CHECK(errors > static_cast<int>(program_bytes));
  // A weight whose table entry points outside the data section or holds the wrong byte count.
  ProgramDesc p;
  Scope w;
  SmallModel(&p, &w);
  w.Var("scale_w")->GetMutable()->Resize(DDim({1, 4}));
  std::string ok_bytes;
  REQUIRE(SerializeSlimModel(p, w, &ok_bytes).ok());
  const std::string name = "scale_w";
  const size_t rec = ok_bytes.rfind(name);  // the weight table's record comes after the program's VarDesc
  REQUIRE(rec != std::string::npos);
  const size_t offset_at = rec + name.size() + 1 + 4 + 2 * 8;  // dtype, rank, two dims
  std::string b = ok_bytes;
  const uint64_t far = 1 << 20, unaligned = 4, wrong_size = 12;
  std::memcpy(&b[offset_at], &far, 8);
  CHECK(Parse(b).message().find("outside the data section") != std::string::npos);
  b = ok_bytes;
  std::memcpy(&b[offset_at], &unaligned, 8);
  CHECK(Parse(b).message().find("unaligned") != std::string::npos);
  b = ok_bytes;
  std::memcpy(&b[offset_at + 8], &wrong_size, 8);
  CHECK(Parse(b).message().find("12 bytes for float32 [1,4]") != std::string::npos);
  b = ok_bytes;
  b[rec + name.size()] = 9;  // element type
  CHECK(Parse(b).message().find("unknown element type 9") != std::string::npos);
}

TEST_CASE("slim: an op naming an undeclared variable and a weight outside the program are refused", "[slim]") {
  ProgramDesc p;
  Scope w;
  SmallModel(&p, &w);
  ProgramDesc bad = p;
  bad.block0().ops[1].inputs[0].second = {"ghost"};
  std::string bytes;
  REQUIRE(SerializeSlimModel(bad, w, &bytes).ok());
  CHECK(Parse(bytes).message().find("undeclared variable 'ghost'") != std::string::npos);
  bad = p;
  bad.block0().FindVar("scale_w")->persistable = false;  // the writer marks weights persistable again
  REQUIRE(SerializeSlimModel(bad, w, &bytes).ok());
  CHECK(Parse(bytes).ok());
}

TEST_CASE("slim: writing a model whose filters were freed after packing says how to keep them", "[slim]") {
  ProgramDesc p;
  Scope w;
  SmallModel(&p, &w);
  w.Var("scale_w")->GetMutable()->Release();
  std::string bytes;
  Status s = SerializeSlimModel(p, w, &bytes);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("'scale_w' holds no data") != std::string::npos);
}
