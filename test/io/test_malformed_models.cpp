// Malformed-model corpus (deterministic): small real models cut, flipped and edited into every kind of
// damage a file can carry. Each damaged model must either load (and then run once on small inputs) or give
// an error whose message names what is wrong (the file, the variable, the op, the attribute); nothing
// crashes (ASan/UBSan/LSan in tools/asan.sh check "nothing leaks" too).
//
// Models: pl_simple_model (Paddle, combined params), mnist_mlp_handwriting (Paddle, one file per weight),
// onnx/mnist (ONNX, 834 KB: truncations strided, see below), and a small ncnn graph (.param text + .bin)
// plus the squeezenet bench .param cut at every line.
//
// Every case is counted; the counts are printed (run `ember_tests "[malformed]" -s` or ctest -V).
#include <catch2/catch.hpp>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "framework/executor.h"
#include "framework/float16.h"
#include "passes/passes.h"
#include "fuzz/fuzz_common.h"
#include "io/ember.h"
#include "io/ncnn/ncnn_importer.h"
#include "io/onnx/onnx_importer.h"
#include "io/paddle/paddle_loader.h"
#include "onnx.pb.h"
#include "paddle_framework.pb.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

std::string Slurp(const std::string& path) {
  std::string s;
  REQUIRE(ReadFileToString(path, &s).ok());
  return s;
}

bool Contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }
std::string Join(const std::vector<std::string>& parts) {
  std::string j;
  for (const auto& p : parts) j += (j.empty() ? "" : " + ") + p;
  return j;
}

// Counts of one family of cases.
struct Tally {
  std::string what;
  int tried = 0, errors = 0, loaded = 0;
  explicit Tally(std::string w) : what(std::move(w)) {}
  ~Tally() {
    std::printf("malformed corpus: %-58s %6d cases, %6d errors, %5d loaded\n", what.c_str(), tried, errors, loaded);
  }
  // Records one outcome. A load error must carry every one of `names` in its message; an error of the
  // first run (prefixed "run: " by the helpers below) must name the op ("op <type> (output ...)") or the
  // variable it is about ("'name'" / "inputs not set: name").
  void Add(const Status& s, const std::vector<std::string>& names) {
    ++tried;
    if (s.ok()) {
      ++loaded;
      return;
    }
    ++errors;
    INFO(what << ": " << s.message());
    CHECK_FALSE(s.message().empty());
    if (s.message().compare(0, 5, "run: ") == 0) {
      CHECK((Contains(s.message(), "op ") || Contains(s.message(), "'") || Contains(s.message(), "inputs not set")));
      return;
    }
    for (const auto& n : names) CHECK(Contains(s.message(), n));
  }
  // A targeted case: must fail, and the message (load or run) must name every one of `names`.
  void Expect(const std::string& label, const Status& s, const std::vector<std::string>& names) {
    INFO(what << " / " << label << ": " << s.message());
    CHECK_FALSE(s.ok());
    ++tried;
    if (s.ok()) {
      ++loaded;
      return;
    }
    ++errors;
    for (const auto& n : names) CHECK(Contains(s.message(), n));
  }
};

// Offsets to try in a file of `size` bytes: all of them up to `all`, then about `strided` more spread
// evenly over the rest, plus the last 64 (where trailers live).
std::vector<size_t> Offsets(size_t size, size_t all, size_t strided) {
  std::vector<size_t> v;
  for (size_t i = 0; i < size && i < all; ++i) v.push_back(i);
  if (size > all) {
    size_t step = std::max<size_t>(1, (size - all) / std::max<size_t>(1, strided));
    for (size_t i = all; i + 64 < size; i += step) v.push_back(i);
    for (size_t i = size > 64 ? std::max(all, size - 64) : all; i < size; ++i) v.push_back(i);
  }
  return v;
}

// A loaded model runs once on small inputs (each dim at most 32); the run may fail, but with a message.
Status RunOnce(const std::shared_ptr<const Model>& model) {
  std::unique_ptr<Predictor> p;
  EMBER_RETURN_IF_ERROR(Predictor::Create(model, {}, &p));
  for (const auto& name : p->FeedNames())
    EMBER_RETURN_IF_ERROR(p->SetInput(name, ember_fuzz::MakeInput(model->program().block0().FindVar(name))));
  Status s = p->Run();
  return s.ok() ? s : s.Prepend("run: ");
}

// An imported program optimized and run once on small inputs: the first error, if any.
// (std::bad_alloc becomes a Status, as the public API's boundary does.)
Status OptimizeAndRun(ProgramDesc* program, Scope* weights) {
  try {
    std::vector<std::string> missing = MissingOps(*program);
    if (!missing.empty()) return Unimplemented("ops not in this build: ", missing[0]);
    EMBER_RETURN_IF_ERROR(OptimizeProgram(program, weights));
    Executor exec(program, weights);
    for (const auto& name : exec.FeedNames())
      EMBER_RETURN_IF_ERROR(exec.SetInput(name, ember_fuzz::MakeInput(program->block0().FindVar(name))));
    Status s = exec.Run();
    return s.ok() ? s : s.Prepend("run: ");
  } catch (const std::bad_alloc&) {
    return OutOfMemory("out of memory");
  }
}

// ---- Paddle --------------------------------------------------------------------------------------------

// Loads from memory, then (when `run`) runs once: the status of whichever fails first.
Status LoadPaddleCombined(const std::string& model, const std::string& params, bool run = true) {
  std::shared_ptr<const Model> m;
  EMBER_RETURN_IF_ERROR(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m));
  return run ? RunOnce(m) : Status::OK();
}

Status LoadPaddleSeparate(const std::string& model, const std::map<std::string, std::string>& files) {
  std::shared_ptr<const Model> m;
  auto reader = [&](const std::string& name, std::string* out) -> Status {
    if (name == "__model__") {
      *out = model;
      return Status::OK();
    }
    auto it = files.find(name);
    if (it == files.end()) return NotFound("no file ", name);
    *out = it->second;
    return Status::OK();
  };
  EMBER_RETURN_IF_ERROR(Model::LoadWithReader("__model__", "", reader, {}, &m));
  return RunOnce(m);
}

// A serialized Paddle tensor with the given header fields (data appended as given).
constexpr int32_t kNoOverride = INT32_MIN;
std::string PaddleTensor(int dtype, const std::vector<int64_t>& dims, const std::string& data,
                         uint64_t lod_level = 0, int32_t desc_size_override = kNoOverride) {
  std::string out;
  auto put = [&](const void* p, size_t n) { out.append(static_cast<const char*>(p), n); };
  uint32_t zero = 0;
  put(&zero, 4);
  put(&lod_level, 8);
  put(&zero, 4);
  paddle::VarType_TensorDesc desc;
  desc.set_data_type(dtype);
  for (int64_t d : dims) desc.add_dims(d);
  std::string d = desc.SerializeAsString();
  int32_t n = desc_size_override != kNoOverride ? desc_size_override : static_cast<int32_t>(d.size());
  put(&n, 4);
  out += d;
  return out + data;
}

// The header length of a serialized tensor without LoD (version, lod level, tensor version, desc size, desc).
size_t TensorHeaderSize(const std::string& file, size_t at = 0) {
  int32_t n = 0;
  std::memcpy(&n, file.data() + at + 16, 4);
  return 20 + static_cast<size_t>(n);
}

struct PaddleSimple {
  std::string dir = ModelsDir() + "/paddle/pl_simple_model";
  std::string model = Slurp(dir + "/model.pdmodel");
  std::string params = Slurp(dir + "/model.pdiparams");
  ProgramDesc program;
  PaddleSimple() { REQUIRE(ParseProgramDesc(model.data(), model.size(), "pl_simple", &program).ok()); }
  std::string Serialize(const ProgramDesc& p) const {
    std::string s;
    REQUIRE(SerializeProgramDesc(p, &s).ok());
    return s;
  }
  // The first op of `type` in block 0.
  OpDesc* Op(ProgramDesc* p, const std::string& type) const {
    for (auto& op : p->block0().ops)
      if (op.type == type) return &op;
    FAIL("no op " << type);
    return nullptr;
  }
};

}  // namespace

TEST_CASE("Malformed Paddle combined model: every truncation and byte flips of pl_simple_model",
          "[io][malformed][models]") {
  REQUIRE_MODELS();
  PaddleSimple m;
  REQUIRE(LoadPaddleCombined(m.model, m.params).ok());
  {
    Tally t("pl_simple_model model.pdmodel, every truncation");
    for (size_t n = 0; n < m.model.size(); ++n) t.Add(LoadPaddleCombined(m.model.substr(0, n), m.params, false), {"model <memory>"});
    CHECK(t.loaded <= 2);  // only a cut right after a complete top-level field can be a valid program
  }
  {
    Tally t("pl_simple_model model.pdiparams, every truncation");
    for (size_t n = 0; n < m.params.size(); ++n) t.Add(LoadPaddleCombined(m.model, m.params.substr(0, n)), {"params <memory>"});
    CHECK(t.loaded == 0);
  }
  {
    Tally t("pl_simple_model model.pdmodel, byte flips (every 3rd byte, 3 patterns)");
    for (size_t off = 0; off < m.model.size(); off += 3)
      for (int pattern : {0xff, 0x01, 0x80}) {
        std::string b = m.model;
        b[off] = static_cast<char>(b[off] ^ pattern);
        t.Add(LoadPaddleCombined(b, m.params), {""});
      }
  }
  {
    Tally t("pl_simple_model model.pdiparams, byte flips (every byte of headers, every 7th of data)");
    for (size_t off = 0; off < m.params.size(); ++off) {
      // Headers are small: flip all of their bytes; data bytes only give different numbers, so sample them.
      bool header = off < 200 || m.params[off] == 0 || off % 7 == 0;
      if (!header) continue;
      std::string b = m.params;
      b[off] = static_cast<char>(b[off] ^ 0xff);
      t.Add(LoadPaddleCombined(m.model, b), {"params <memory>"});
    }
  }
}

TEST_CASE("Malformed Paddle separate model: truncations and flips of mnist_mlp_handwriting's files",
          "[io][malformed][models]") {
  REQUIRE_MODELS();
  std::string dir = ModelsDir() + "/paddle/mnist_mlp_handwriting";
  std::string model = Slurp(dir + "/__model__");
  std::map<std::string, std::string> files;
  for (const char* w : {"fc_0.w_0", "fc_0.b_0", "fc_1.w_0", "fc_1.b_0", "fc_2.w_0", "fc_2.b_0"})
    files[w] = Slurp(dir + "/" + w);
  REQUIRE(LoadPaddleSeparate(model, files).ok());
  {
    Tally t("mnist_mlp __model__, every truncation");
    for (size_t n = 0; n < model.size(); ++n) t.Add(LoadPaddleSeparate(model.substr(0, n), files), {"__model__"});
    CHECK(t.loaded <= 2);
  }
  for (const auto& kv : files) {
    // fc_0.w_0 is 314 KB: every cut in its first 512 bytes (the header), 400 strided through the data.
    Tally t("mnist_mlp " + kv.first + (kv.second.size() > 4096 ? ", truncations (all in 512 B, 400 strided)"
                                                                 : ", every truncation"));
    for (size_t n : Offsets(kv.second.size(), kv.second.size() > 4096 ? 512 : kv.second.size(), 400)) {
      auto f = files;
      f[kv.first] = kv.second.substr(0, n);
      t.Add(LoadPaddleSeparate(model, f), {"'" + kv.first + "'"});
    }
    CHECK(t.loaded == 0);
  }
  {
    Tally t("mnist_mlp weight headers, every byte flipped");
    for (const auto& kv : files)
      for (size_t off = 0; off < TensorHeaderSize(kv.second); ++off) {
        auto f = files;
        f[kv.first][off] = static_cast<char>(f[kv.first][off] ^ 0xff);
        t.Add(LoadPaddleSeparate(model, f), {kv.first});
      }
    CHECK(t.errors > 0);
  }
  {
    Tally t("mnist_mlp __model__, byte flips (every 11th byte)");
    for (size_t off = 0; off < model.size(); off += 11) {
      std::string b = model;
      b[off] = static_cast<char>(b[off] ^ 0xff);
      t.Add(LoadPaddleSeparate(b, files), {""});
    }
  }
}

TEST_CASE("Malformed Paddle tensors: overflowing dims, negative and huge counts, dtype mismatches",
          "[io][malformed][models]") {
  REQUIRE_MODELS();
  PaddleSimple m;
  const VarDesc* bias = nullptr;  // the params file's first variable, sorted by name
  std::vector<const VarDesc*> order = WeightVarsInFileOrder(m.program);
  REQUIRE(!order.empty());
  bias = order[0];
  const size_t first_len = TensorHeaderSize(m.params) + static_cast<size_t>(DDim(bias->dims).numel()) * 4;
  const std::string rest = m.params.substr(first_len);
  auto with_first = [&](const std::string& first) { return LoadPaddleCombined(m.model, first + rest); };
  Tally t("Paddle tensor headers: counts, dims, dtypes");
  auto expect = [&](const Status& s, std::vector<std::string> parts) { t.Expect(Join(parts), s, parts); };
  std::string data(static_cast<size_t>(DDim(bias->dims).numel()) * 4, '\0');
  REQUIRE(with_first(PaddleTensor(5, bias->dims, data)).ok());

  // Dims whose product overflows int64, in the params and in the program.
  expect(with_first(PaddleTensor(5, {int64_t{1} << 40, int64_t{1} << 40}, data)), {"'" + bias->name + "'", "invalid dims"});
  expect(with_first(PaddleTensor(5, {-4}, data)), {"'" + bias->name + "'", "invalid dims [-4]"});
  {
    ProgramDesc p = m.program;
    p.block0().FindVar(bias->name)->dims = {int64_t{1} << 40, int64_t{1} << 40};
    expect(LoadPaddleCombined(m.Serialize(p), m.params), {"'" + bias->name + "'"});
  }
  // A huge but representable element count: more than the file holds.
  expect(with_first(PaddleTensor(5, {int64_t{1} << 60}, data)), {"'" + bias->name + "'"});
  // Huge LoD level count, negative and huge TensorDesc sizes.
  expect(with_first(PaddleTensor(5, bias->dims, data, uint64_t{1} << 62)), {"'" + bias->name + "'", "LoD level"});
  expect(with_first(PaddleTensor(5, bias->dims, data, 0, -7)), {"'" + bias->name + "'", "TensorDesc size -7"});
  expect(with_first(PaddleTensor(5, bias->dims, data, 0, 0x7fffffff)), {"'" + bias->name + "'", "TensorDesc size"});
  // The tensor's dtype disagrees with its VarDesc: in the params file, and in the program.
  expect(with_first(PaddleTensor(4, bias->dims, std::string(data.size() / 2, '\0'))),
         {"'" + bias->name + "'", "dtype FP16 disagrees", "FP32"});
  expect(with_first(PaddleTensor(3, bias->dims, data + data)), {"'" + bias->name + "'", "INT64"});
  {
    ProgramDesc p = m.program;
    p.block0().FindVar(bias->name)->dtype = static_cast<int>(VarDataType::kInt32);
    expect(LoadPaddleCombined(m.Serialize(p), m.params), {"'" + bias->name + "'", "disagrees"});
  }
  // Unsupported dtype and an unknown one.
  {
    ProgramDesc p = m.program;
    p.block0().FindVar(bias->name)->dtype = static_cast<int>(VarDataType::kInt16);
    std::string first = PaddleTensor(1, bias->dims, data);
    expect(LoadPaddleCombined(m.Serialize(p), first + rest), {"'" + bias->name + "'", "unsupported dtype"});
  }
}

TEST_CASE("Malformed Paddle graphs: cycles, dangling names, missing inputs, wrong attribute types",
          "[io][malformed][models]") {
  REQUIRE_MODELS();
  PaddleSimple m;
  Tally t("Paddle graphs: cycles, dangling names, missing inputs, attr types");
  auto expect = [&](const ProgramDesc& p, std::vector<std::string> parts) {
    t.Expect(Join(parts), LoadPaddleCombined(m.Serialize(p), m.params), parts);
  };
  const OpDesc* conv0 = m.Op(const_cast<ProgramDesc*>(&m.program), "conv2d");
  const std::string conv_out = conv0->Output("Output").at(0);
  const OpDesc* bn0 = m.Op(const_cast<ProgramDesc*>(&m.program), "batch_norm");
  const std::string bn_out = bn0->Output("Y").at(0);
  {  // A cycle: conv reads batch_norm's output, which depends on conv.
    ProgramDesc p = m.program;
    m.Op(&p, "conv2d")->SetInput("Input", {bn_out});
    expect(p, {"conv2d", "'" + bn_out + "'", "before any op writes it"});
  }
  {  // A self-loop: batch_norm reads its own output.
    ProgramDesc p = m.program;
    m.Op(&p, "batch_norm")->SetInput("X", {bn_out});
    expect(p, {"batch_norm", "'" + bn_out + "'"});
  }
  {  // A dangling (undeclared) name.
    ProgramDesc p = m.program;
    m.Op(&p, "batch_norm")->SetInput("X", {"no_such_var"});
    expect(p, {"batch_norm", "undeclared variable 'no_such_var'"});
  }
  {  // Declared but produced by nothing and not a weight.
    ProgramDesc p = m.program;
    VarDesc v;
    v.name = "orphan";
    v.dims = {1, 32, 112, 112};
    p.block0().AddVar(v);
    m.Op(&p, "batch_norm")->SetInput("X", {"orphan"});
    expect(p, {"inputs not set: orphan"});  // a variable no op writes is an input the caller did not set
  }
  {  // A fetch of a variable no op writes.
    ProgramDesc p = m.program;
    VarDesc v;
    v.name = "never_written";
    p.block0().AddVar(v);
    m.Op(&p, "fetch")->SetInput("X", {"never_written"});
    expect(p, {"inputs not set: never_written"});
  }
  {  // An op with a required input missing.
    ProgramDesc p = m.program;
    OpDesc* c = m.Op(&p, "conv2d");
    c->inputs.erase(std::remove_if(c->inputs.begin(), c->inputs.end(), [](const auto& kv) { return kv.first == "Filter"; }),
                    c->inputs.end());
    expect(p, {"conv2d", "Filter"});
  }
  {  // batch_norm without its Mean.
    ProgramDesc p = m.program;
    OpDesc* b = m.Op(&p, "batch_norm");
    b->SetInput("Mean", {});
    expect(p, {"batch_norm", "Mean"});
  }
  {  // Attributes of the wrong type.
    ProgramDesc p = m.program;
    m.Op(&p, "conv2d")->attrs["strides"] = Attribute::String("2,2");
    expect(p, {"conv2d", "strides"});
  }
  {
    ProgramDesc p = m.program;
    m.Op(&p, "conv2d")->attrs["groups"] = Attribute::Floats({1.5});
    expect(p, {"conv2d", "groups"});
  }
  {
    ProgramDesc p = m.program;
    m.Op(&p, "batch_norm")->attrs["epsilon"] = Attribute::Strings({"tiny"});
    expect(p, {"batch_norm", "epsilon"});
  }
  {  // Attribute values the op cannot honour.
    ProgramDesc p = m.program;
    m.Op(&p, "conv2d")->attrs["strides"] = Attribute::Ints({0, 0});
    expect(p, {"conv2d", "strides"});
  }
  {
    ProgramDesc p = m.program;
    m.Op(&p, "conv2d")->attrs["groups"] = Attribute::Int(-3);
    expect(p, {"conv2d", "groups"});
  }
  {  // An unknown op type.
    ProgramDesc p = m.program;
    m.Op(&p, "batch_norm")->type = "no_such_op";
    expect(p, {"no_such_op"});
  }
}

// ---- ONNX ----------------------------------------------------------------------------------------------

namespace {

Status ImportOnnxAndRun(const std::string& bytes, bool run) {
  ProgramDesc program;
  Scope weights;
  EMBER_RETURN_IF_ERROR(ImportOnnxBuffer(bytes.data(), bytes.size(), "mnist.onnx", &program, &weights));
  return run ? OptimizeAndRun(&program, &weights) : Status::OK();
}

onnx::NodeProto* FindNode(onnx::ModelProto* m, const std::string& op_type) {
  for (auto& n : *m->mutable_graph()->mutable_node())
    if (n.op_type() == op_type) return &n;
  FAIL("no node " << op_type);
  return nullptr;
}

onnx::AttributeProto* FindAttr(onnx::NodeProto* n, const std::string& name) {
  for (auto& a : *n->mutable_attribute())
    if (a.name() == name) return &a;
  FAIL("no attribute " << name);
  return nullptr;
}

}  // namespace

TEST_CASE("Malformed ONNX: truncations and byte flips of mnist.onnx", "[io][malformed][models]") {
  REQUIRE_MODELS();
  std::string bytes = Slurp(ModelsDir() + "/onnx/mnist/mnist.onnx");
  REQUIRE(ImportOnnxAndRun(bytes, true).ok());
  {
    // 834 KB, almost all of it initializer data: every cut in the first 2 KB (the graph's nodes), then
    // 600 strided, then the last 64.
    Tally t("onnx mnist.onnx, truncations (all in 2 KB, 600 strided)");
    for (size_t n : Offsets(bytes.size(), 2048, 600)) t.Add(ImportOnnxAndRun(bytes.substr(0, n), false), {"mnist.onnx"});
  }
  {
    Tally t("onnx mnist.onnx, byte flips (every byte of the first 2 KB, 300 strided)");
    for (size_t off : Offsets(bytes.size(), 2048, 300)) {
      std::string b = bytes;
      b[off] = static_cast<char>(b[off] ^ 0xff);
      t.Add(ImportOnnxAndRun(b, off < 2048), {"mnist.onnx"});
    }
  }
}

TEST_CASE("Malformed ONNX graphs: dims, counts, dtypes, cycles, dangling names, missing inputs, attribute types",
          "[io][malformed][models]") {
  REQUIRE_MODELS();
  onnx::ModelProto base;
  std::string bytes = Slurp(ModelsDir() + "/onnx/mnist/mnist.onnx");
  REQUIRE(base.ParseFromString(bytes));
  Tally t("onnx graphs: dims, counts, dtypes, cycles, names, inputs, attrs");
  auto expect = [&](const onnx::ModelProto& m, std::vector<std::string> parts) {
    t.Expect(Join(parts), ImportOnnxAndRun(m.SerializeAsString(), true), parts);
  };
  auto init = [](onnx::ModelProto* m, const std::string& name) -> onnx::TensorProto* {
    for (auto& i : *m->mutable_graph()->mutable_initializer())
      if (i.name() == name) return &i;
    FAIL("no initializer " << name);
    return nullptr;
  };
  {  // Initializer dims whose product overflows.
    onnx::ModelProto m = base;
    auto* w = init(&m, "conv1.0.weight");
    w->clear_dims();
    for (int i = 0; i < 4; ++i) w->add_dims(int64_t{1} << 20);
    expect(m, {"conv1.0.weight"});
  }
  {  // Negative dim.
    onnx::ModelProto m = base;
    init(&m, "conv1.0.bias")->set_dims(0, -8);
    expect(m, {"conv1.0.bias"});
  }
  {  // Huge element count, data too short.
    onnx::ModelProto m = base;
    init(&m, "conv1.0.bias")->set_dims(0, int64_t{1} << 40);
    expect(m, {"conv1.0.bias"});
  }
  {  // Data type disagreeing with the data: int64 declared, float bytes of the wrong length.
    onnx::ModelProto m = base;
    auto* b = init(&m, "conv1.0.bias");
    b->set_data_type(7);
    b->set_dims(0, 5);
    expect(m, {"conv1.0.bias"});
  }
  {  // Unknown data type.
    onnx::ModelProto m = base;
    init(&m, "conv1.0.bias")->set_data_type(99);
    expect(m, {"conv1.0.bias"});
  }
  {  // A cycle: the first Conv reads the last Relu's output.
    onnx::ModelProto m = base;
    auto* conv = FindNode(&m, "Conv");
    std::string late;
    for (const auto& n : m.graph().node())
      if (n.op_type() == "Relu") late = n.output(0);
    conv->set_input(0, late);
    expect(m, {"Conv_0", "'" + late + "'"});
  }
  {  // A dangling name.
    onnx::ModelProto m = base;
    FindNode(&m, "Relu")->set_input(0, "nowhere");
    expect(m, {"'nowhere'"});
  }
  {  // A graph output nothing produces.
    onnx::ModelProto m = base;
    m.mutable_graph()->mutable_output(0)->set_name("ghost_output");
    expect(m, {"'ghost_output'"});
  }
  {  // Missing inputs: Conv without its weight, Gemm with one input.
    onnx::ModelProto m = base;
    FindNode(&m, "Conv")->mutable_input()->RemoveLast();
    FindNode(&m, "Conv")->mutable_input()->RemoveLast();
    expect(m, {"Conv_0"});
  }
  {
    onnx::ModelProto m = base;
    auto* g = FindNode(&m, "Gemm");
    while (g->input_size() > 1) g->mutable_input()->RemoveLast();
    expect(m, {"Gemm", "input"});
  }
  {  // Attributes of the wrong type.
    onnx::ModelProto m = base;
    auto* a = FindAttr(FindNode(&m, "Conv"), "kernel_shape");
    a->set_type(1);  // FLOAT
    a->clear_ints();
    a->set_f(3.f);
    expect(m, {"Conv_0", "kernel_shape"});
  }
  {
    onnx::ModelProto m = base;
    auto* a = FindAttr(FindNode(&m, "Conv"), "group");
    a->set_type(3);  // STRING
    a->set_s("one");
    expect(m, {"Conv_0", "group"});
  }
  {  // A negative group and zero strides.
    onnx::ModelProto m = base;
    FindAttr(FindNode(&m, "Conv"), "group")->set_i(-1);
    expect(m, {"conv2d", "groups must be positive"});  // checked by the op at its first InferShape
  }
  {
    onnx::ModelProto m = base;
    auto* a = FindAttr(FindNode(&m, "Conv"), "strides");
    a->set_ints(0, 0);
    expect(m, {"conv2d", "strides must be two positive values"});
  }
  {  // Unsupported opset.
    onnx::ModelProto m = base;
    m.mutable_opset_import(0)->set_version(999);
    expect(m, {"mnist.onnx", "opset 999"});
  }
}

// ---- ncnn ----------------------------------------------------------------------------------------------

namespace {

const char* kNcnnParam =
    "7767517\n"
    "5 5\n"
    "Input            data   0 1 data 0=5 1=4 2=2\n"
    "Convolution      conv   1 1 data conv 0=3 1=3 4=1 5=1 6=54 9=1\n"
    "Pooling          gap    1 1 conv gap 0=1 4=1\n"
    "InnerProduct     fc     1 1 gap fc0 0=2 1=1 2=6\n"
    "Softmax          prob   1 1 fc0 prob 0=0\n";

std::string NcnnBin() {
  std::string b;
  auto f32 = [&](float v) { b.append(reinterpret_cast<const char*>(&v), 4); };
  auto u32 = [&](uint32_t v) { b.append(reinterpret_cast<const char*>(&v), 4); };
  u32(0);
  for (int i = 0; i < 54; ++i) f32(std::sin(i * 1.3f) * 0.5f);  // conv weights, tagged float32
  for (int i = 0; i < 3; ++i) f32(0.1f * i);                     // conv bias, raw
  u32(0x01306B47u);                                              // fc weights, tagged float16
  for (int i = 0; i < 6; ++i) {
    uint16_t h = FloatToHalf(std::cos(i * 0.7f));
    b.append(reinterpret_cast<const char*>(&h), 2);
  }
  f32(0.1f);
  f32(-0.2f);  // fc bias
  return b;
}

Status ImportNcnn(const std::string& param, const std::string* bin, bool run = true,
                  const std::string& source = "small.param") {
  ProgramDesc program;
  Scope weights;
  EMBER_RETURN_IF_ERROR(ImportNcnnBuffers(param, false, bin, bin == nullptr, source, &program, &weights));
  return run ? OptimizeAndRun(&program, &weights) : Status::OK();
}

std::string ReplaceOnce(std::string s, const std::string& from, const std::string& to) {
  size_t at = s.find(from);
  REQUIRE(at != std::string::npos);
  return s.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("Malformed ncnn: truncations, flips and edits of a small .param/.bin", "[io][malformed][models]") {
  const std::string param = kNcnnParam, bin = NcnnBin();
  REQUIRE(ImportNcnn(param, &bin).ok());
  {
    Tally t("ncnn small.param, every truncation");
    for (size_t n = 0; n < param.size(); ++n) t.Add(ImportNcnn(param.substr(0, n), &bin), {"small.param"});
  }
  {
    Tally t("ncnn small .bin, every truncation");
    for (size_t n = 0; n < bin.size(); ++n) {
      std::string cut = bin.substr(0, n);
      t.Add(ImportNcnn(param, &cut), {"small.param"});
    }
    CHECK(t.loaded == 0);
  }
  {
    Tally t("ncnn small.param, every byte flipped");
    for (size_t off = 0; off < param.size(); ++off) {
      std::string p = param;
      p[off] = static_cast<char>(p[off] ^ 0x20);  // flips case, digits to other characters, spaces to NUL
      t.Add(ImportNcnn(p, &bin), {"small.param"});
    }
  }
  {
    Tally t("ncnn small .bin, every byte flipped");
    for (size_t off = 0; off < bin.size(); ++off) {
      std::string b = bin;
      b[off] = static_cast<char>(b[off] ^ 0xff);
      t.Add(ImportNcnn(param, &b), {"small.param"});
    }
  }
  Tally t("ncnn edits: counts, cycles, names, inputs, param types");
  auto expect = [&](const std::string& p, std::vector<std::string> parts, const std::string* b = nullptr) {
    t.Expect(p, ImportNcnn(p, b), parts);
  };
  expect(ReplaceOnce(param, "5 5\n", "-5 5\n"), {"small.param"});                 // negative layer count
  expect(ReplaceOnce(param, "5 5\n", "2000000000 5\n"), {"small.param"});         // huge layer count
  expect(ReplaceOnce(param, "5 5\n", "5 -1\n"), {"small.param"});                 // negative blob count
  expect(ReplaceOnce(param, "6=54", "6=-54"), {"conv"}, &bin);                     // negative weight size
  expect(ReplaceOnce(param, "6=54", "6=2000000000"), {"conv"}, &bin);              // huge weight size
  expect(ReplaceOnce(param, "0=5 1=4 2=2", "0=2000000000 1=2000000000 2=2000000000"),
         {"data", "more elements than can be counted"});                           // dims overflow
  expect(ReplaceOnce(param, "0=3 1=3", "0=3 1=3e30"), {"conv"}, &bin);              // float beyond int32
  expect(ReplaceOnce(param, "1 1 data conv", "1 1 prob conv"), {"conv", "'prob'"});  // a cycle
  expect(ReplaceOnce(param, "1 1 gap fc0", "1 1 nothing fc0"), {"fc", "'nothing'"});  // dangling name
  expect(ReplaceOnce(param, "Pooling          gap    1 1 conv gap", "Pooling          gap    0 1 gap"),
         {"gap"});                                                                  // missing input
  // (A float literal where an int is expected, 0=3.5, is truncated to 3: ncnn's text format has no types.)
  expect(ReplaceOnce(param, "0=3 1=3", "0=abc 1=3"), {"conv"});                     // not a number
  expect(ReplaceOnce(param, "0=3 1=3", "0=3 1=-3"), {"conv"});                      // negative kernel
  expect(ReplaceOnce(param, "Softmax", "NoSuchLayer"), {"NoSuchLayer"});
}

TEST_CASE("Malformed ncnn: the squeezenet bench .param cut at every line and every byte of its header",
          "[io][malformed][models]") {
  REQUIRE_MODELS();
  std::string param = Slurp(ModelsDir() + "/../bench/ncnn/squeezenet.param");
  Tally t("ncnn squeezenet.param, cut at every line and in the first 64 B");
  std::vector<size_t> cuts;
  for (size_t i = 0; i < 64 && i < param.size(); ++i) cuts.push_back(i);
  for (size_t i = 64; i < param.size(); ++i)
    if (param[i] == '\n') cuts.push_back(i), cuts.push_back(i + 1);
  for (size_t n : cuts) t.Add(ImportNcnn(param.substr(0, n), nullptr, false, "squeezenet.param"), {"squeezenet.param"});
}
