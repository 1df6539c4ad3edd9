// `ember convert` / io/paddle/paddle_writer.h: models from every loader (ONNX, ncnn with generated weights, Paddle
// combined and separate) written as model.pdmodel + model.pdiparams must read back and give the same outputs
// as the original. The params file is checked by a hand-written parser here (format, sorted order, dtypes,
// dims, bytes equal to the original weights), the outputs against the original model (bit-exact for the
// program as loaded) and, where the shared models have them, against the independent reference outputs.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "io/ember.h"
#include "io/model_test_util.h"
#include "io/onnx_test_util.h"
#include "io/paddle/paddle_loader.h"
#include "io/paddle/paddle_writer.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// A fresh folder under /tmp, removed when the test case ends (also when it fails).
struct ConvTempDir {
  explicit ConvTempDir(const std::string& name)
      : path("/tmp/ember_test_convert_" + name + "_" + std::to_string(::getpid())) {
    std::string cmd = "rm -rf '" + path + "' && mkdir -p '" + path + "'";
    REQUIRE(std::system(cmd.c_str()) == 0);
  }
  ~ConvTempDir() { std::system(("rm -rf '" + path + "'").c_str()); }
  std::string path;
};

std::string Slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// --- an independent reader of Paddle's combined params format (no code shared with the loader) ---
bool Varint(const std::string& s, size_t* p, uint64_t* v) {
  *v = 0;
  for (int shift = 0; shift < 64 && *p < s.size(); shift += 7) {
    uint8_t b = static_cast<uint8_t>(s[(*p)++]);
    *v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) return true;
  }
  return false;
}

struct RawTensor {
  int dtype = -1;
  std::vector<int64_t> dims;
  std::string bytes;
};

size_t ElemSize(int dtype) {
  switch (dtype) {
    case 0: case 20: case 21: return 1;  // BOOL, UINT8, INT8
    case 1: case 4: return 2;            // INT16, FP16
    case 2: case 5: return 4;            // INT32, FP32
    case 3: case 6: return 8;            // INT64, FP64
    default: return 0;
  }
}

// Parses the whole file as consecutive tensors; fails on any inconsistency or trailing byte.
std::vector<RawTensor> ParseParamsByHand(const std::string& s) {
  std::vector<RawTensor> out;
  size_t p = 0;
  auto u32 = [&]() { uint32_t v; REQUIRE(p + 4 <= s.size()); std::memcpy(&v, s.data() + p, 4); p += 4; return v; };
  auto u64 = [&]() { uint64_t v; REQUIRE(p + 8 <= s.size()); std::memcpy(&v, s.data() + p, 8); p += 8; return v; };
  while (p < s.size()) {
    RawTensor t;
    CHECK(u32() == 0u);   // version
    CHECK(u64() == 0u);   // lod level
    CHECK(u32() == 0u);   // tensor version
    uint32_t desc_size = u32();
    REQUIRE(p + desc_size <= s.size());
    std::string desc = s.substr(p, desc_size);
    p += desc_size;
    size_t q = 0;
    while (q < desc.size()) {
      uint64_t key = 0, v = 0;
      REQUIRE(Varint(desc, &q, &key));
      if (key == 0x08) {  // data_type
        REQUIRE(Varint(desc, &q, &v));
        t.dtype = static_cast<int>(v);
      } else if (key == 0x10) {  // dims, unpacked
        REQUIRE(Varint(desc, &q, &v));
        t.dims.push_back(static_cast<int64_t>(v));
      } else if (key == 0x12) {  // dims, packed
        uint64_t len = 0;
        REQUIRE(Varint(desc, &q, &len));
        size_t end = q + len;
        while (q < end) {
          REQUIRE(Varint(desc, &q, &v));
          t.dims.push_back(static_cast<int64_t>(v));
        }
      } else {
        FAIL("unexpected TensorDesc field key " << key);
      }
    }
    int64_t n = 1;
    for (int64_t d : t.dims) n *= d;
    size_t nbytes = static_cast<size_t>(n) * ElemSize(t.dtype);
    REQUIRE(ElemSize(t.dtype) > 0);
    REQUIRE(p + nbytes <= s.size());
    t.bytes = s.substr(p, nbytes);
    p += nbytes;
    out.push_back(std::move(t));
  }
  CHECK(p == s.size());
  return out;
}

// The params file holds exactly the weights the converted program declares, sorted by name, each with the
// VarDesc's dtype and dims and the bytes of the original model's tensor.
void CheckParamsFile(const std::string& dir, const Model& original, const Model& converted) {
  std::vector<RawTensor> raw = ParseParamsByHand(Slurp(dir + "/model.pdiparams"));
  std::vector<const VarDesc*> vars;
  for (const auto& v : converted.programs().loaded.block0().vars)
    if (v.persistable && v.IsTensor()) vars.push_back(&v);
  std::sort(vars.begin(), vars.end(), [](const VarDesc* a, const VarDesc* b) {
    return std::strcmp(a->name.c_str(), b->name.c_str()) < 0;
  });
  REQUIRE(raw.size() == vars.size());
  REQUIRE(!raw.empty());
  for (size_t i = 0; i < raw.size(); ++i) {
    INFO("weight " << vars[i]->name);
    CHECK(raw[i].dtype == vars[i]->dtype);
    CHECK(raw[i].dims == vars[i]->dims);
    const Variable* ov = original.weights().FindVar(vars[i]->name);
    REQUIRE(ov);
    const Tensor& t = ov->Get();
    CHECK(raw[i].dims == t.dims().vec());
    REQUIRE(raw[i].bytes.size() == t.nbytes());
    CHECK(std::memcmp(raw[i].bytes.data(), t.raw_data(), t.nbytes()) == 0);
  }
}

// Every tensor variable the converted program computes declares its rank, dims (or -1) and the dtype it
// really has.
void CheckVarDescs(const std::shared_ptr<const Model>& converted, const std::map<std::string, Tensor>& inputs) {
  std::unique_ptr<Predictor> p;
  PredictorOptions po;
  po.light_mode = false;
  REQUIRE(Predictor::Create(converted, po, &p).ok());
  for (const auto& kv : inputs) REQUIRE(p->SetInput(kv.first, kv.second).ok());
  REQUIRE(p->Run().ok());
  size_t checked = 0;
  for (const auto& v : converted->program().block0().vars) {
    if (!v.IsTensor()) continue;
    INFO("variable " << v.name);
    const Tensor* t = nullptr;
    if (!p->GetOutput(v.name, &t).ok() || !t->initialized()) continue;
    CHECK(v.dtype == VarDataTypeOf(t->dtype()));
    REQUIRE(static_cast<int>(v.dims.size()) == static_cast<int>(t->dims().size()));  // rank 0 (an ONNX scalar) declares no dims
    for (size_t i = 0; i < v.dims.size(); ++i) CHECK((v.dims[i] == -1 || v.dims[i] == t->dims()[i]));
    ++checked;
  }
  CHECK(checked > 3);
}

struct RoundTrip {
  std::vector<Tensor> original, converted;          // program as loaded
  std::vector<Tensor> original_opt, converted_opt;  // optimized
  std::shared_ptr<const Model> converted_model;
};

// Converts `path`, checks the files, and runs original and converted models (as loaded and optimized).
RoundTrip ConvertAndRun(const std::string& path, const std::string& dir, const std::map<std::string, Tensor>& inputs,
                        bool generate_weights = false) {
  auto orig = MustLoad(path, false, generate_weights);
  PaddleWriteReport report;
  Status s = WritePaddleModel(orig->programs().loaded, orig->weights(), dir, {}, &report);
  INFO(s.message());
  REQUIRE(s.ok());
  INFO("inference run: " << report.infer_error);
  CHECK(report.infer_error.empty());
  auto conv = MustLoad(dir, false);
  CHECK(conv->program().format == "paddle");
  CHECK(conv->FeedNames() == orig->FeedNames());
  CHECK(conv->FetchNames() == orig->FetchNames());
  CHECK(conv->program().block0().ops.size() == orig->program().block0().ops.size());
  CheckParamsFile(dir, *orig, *conv);
  CheckVarDescs(conv, inputs);
  RoundTrip r;
  r.original = RunAll(orig, inputs);
  r.converted = RunAll(conv, inputs);
  // Generated weights depend only on the program and a fixed seed; the converted model must use the
  // written ones, so load the optimized original with the same generated values.
  r.original_opt = RunAll(MustLoad(path, true, generate_weights), inputs);
  r.converted_opt = RunAll(MustLoad(dir, true), inputs);
  r.converted_model = conv;
  return r;
}

float Range(const Tensor& t) {
  std::vector<float> v = ToVector(t);
  if (v.empty()) return 0.f;
  auto mm = std::minmax_element(v.begin(), v.end());
  return *mm.second - *mm.first;
}

// Loaded programs: bit-exact. Optimized: within 1e-6 of the output range (the passes may fuse differently
// now that every variable declares its rank, e.g. matmul + add -> fc).
void CheckSame(const RoundTrip& r, const std::string& what) {
  REQUIRE(r.original.size() == r.converted.size());
  REQUIRE(r.original_opt.size() == r.converted_opt.size());
  for (size_t i = 0; i < r.original.size(); ++i) {
    INFO(what << " output " << i);
    REQUIRE(r.original[i].dims() == r.converted[i].dims());
    REQUIRE(r.original[i].dtype() == r.converted[i].dtype());
    REQUIRE(r.original[i].nbytes() == r.converted[i].nbytes());
    CHECK(std::memcmp(r.original[i].raw_data(), r.converted[i].raw_data(), r.original[i].nbytes()) == 0);
    REQUIRE(r.original_opt[i].dims() == r.converted_opt[i].dims());
    float e = MaxAbsDiff(r.converted_opt[i], r.original_opt[i]);
    float range = Range(r.original_opt[i]);
    CHECK(e <= 1e-6f * std::max(range, 1.f));
    std::printf("convert %s output %zu: loaded program bit-exact, optimized max abs diff %.3g (range %.3g)\n",
                what.c_str(), i, e, range);
  }
}

Tensor FeedTensor(const Model& m, const std::string& name, uint32_t seed) {
  const VarDesc* v = m.program().block0().FindVar(name);
  REQUIRE(v);
  std::vector<int64_t> dims = v->dims;
  for (auto& d : dims)
    if (d < 0) d = 1;
  return RandomTensor(DDim(dims), seed);
}

}  // namespace

TEST_CASE("convert: ONNX MNIST CNN round trip gives the same outputs and still reads 3", "[convert][onnx]") {
  REQUIRE_MODELS();
  std::string src = ModelsDir() + "/onnx/mnist";
  Tensor input, want;
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/input_0.pb", &input).ok());
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/output_0.pb", &want).ok());
  ConvTempDir tmp_dir("mnist");
  const std::string& dir = tmp_dir.path;
  auto orig = MustLoad(src + "/mnist.onnx", false);
  REQUIRE(orig->FeedNames().size() == 1);
  RoundTrip r = ConvertAndRun(src + "/mnist.onnx", dir + "/out", {{orig->FeedNames()[0], input}});
  CheckSame(r, "onnx mnist");
  CHECK(MaxAbsDiff(r.converted_opt[0], want) <= 1e-4f);  // the independent reference
  CHECK(MaxAbsDiff(r.converted[0], want) <= 1e-4f);
}

TEST_CASE("convert: ONNX ultraface round trip matches the original and test_data_set_0", "[convert][onnx]") {
  REQUIRE_MODELS();
  std::string src = ModelsDir() + "/onnx/ultraface";
  Tensor input, want0, want1;
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/input_0.pb", &input).ok());
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/output_0.pb", &want0).ok());
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/output_1.pb", &want1).ok());
  ConvTempDir tmp_dir("ultraface");
  const std::string& dir = tmp_dir.path;
  auto orig = MustLoad(src + "/version-RFB-320.onnx", false);
  RoundTrip r = ConvertAndRun(src + "/version-RFB-320.onnx", dir, {{orig->FeedNames()[0], input}});
  CheckSame(r, "onnx ultraface");
  REQUIRE(r.converted_opt.size() == 2);
  CHECK(MaxAbsDiff(r.converted_opt[0], want0) <= 1e-4f);
  CHECK(MaxAbsDiff(r.converted_opt[1], want1) <= 1e-4f);
  // The importer's folded shape constants that no op reads are not written.
  CHECK(r.converted_model->program().block0().vars.size() < orig->program().block0().vars.size());
}

TEST_CASE("convert: ncnn squeezenet graph with generated weights writes those weights", "[convert][ncnn]") {
  const char* env = std::getenv("EMBER_NCNN_BENCH_DIR");
  std::string param = (env && *env ? std::string(env) : ModelsDir() + "/../bench/ncnn") + "/squeezenet.param";
  if (!std::ifstream(param)) FAIL("ncnn bench graph not found: " << param << " (set EMBER_NCNN_BENCH_DIR)");
  auto orig = MustLoad(param, false, /*generate_weights=*/true);
  REQUIRE(orig->FeedNames().size() == 1);
  Tensor input = FeedTensor(*orig, orig->FeedNames()[0], 5);
  ConvTempDir tmp_dir("squeezenet");
  const std::string& dir = tmp_dir.path;
  RoundTrip r = ConvertAndRun(param, dir, {{orig->FeedNames()[0], input}}, true);
  CheckSame(r, "ncnn squeezenet");
  CHECK(Range(r.converted[0]) > 0.f);  // not a constant output
}

TEST_CASE("convert: Paddle models (combined and one file per weight) round trip", "[convert][paddle]") {
  REQUIRE_MODELS();
  SECTION("gesture_rec, combined params") {
    std::string src = ModelsDir() + "/paddle/paddlejs_gesture_rec";
    Tensor input = MakeTensor({1, 3, 224, 224}, ReadFloats(src + "/refdata_npref/input_img.bin"));
    std::vector<float> want = ReadFloats(src + "/refdata_npref/output_save_infer_model_scale_0.bin");
    ConvTempDir tmp_dir("gesture");
    const std::string& dir = tmp_dir.path;
    RoundTrip r = ConvertAndRun(src, dir, {{"img", input}});
    CheckSame(r, "paddle gesture_rec");
    CHECK(AllClose(ToVector(r.converted_opt[0]), want, 1e-4f, 1e-4f));
  }
  SECTION("mnist MLP, separate weight files become one params file") {
    std::string src = ModelsDir() + "/paddle/mnist_mlp_handwriting";
    Tensor input = MakeTensor({1, 1, 28, 28}, ReadFloats(src + "/refdata_npref/input_image.bin"));
    ConvTempDir tmp_dir("mnist_mlp");
    const std::string& dir = tmp_dir.path;
    RoundTrip r = ConvertAndRun(src, dir, {{"image", input}});
    CheckSame(r, "paddle mnist_mlp");
    std::vector<float> out = ToVector(r.converted_opt[0]);
    CHECK(std::max_element(out.begin(), out.end()) - out.begin() == 3);
  }
}

TEST_CASE("convert: weights take their tensor's dtype, unused constants are dropped, wide ints become longs",
          "[convert]") {
  ProgramBuilder b;
  b.Feed("x", {1, 4}).Weight("w", MakeTensor({4}, {1.5f, -2.f, 0.25f, 8.f}));
  b.Weight("unused", MakeTensor({2}, {1.f, 2.f}));
  const int64_t big = int64_t{1} << 40;
  b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"y"}}},
       {{"axis", Attribute::Int(-1)}, {"wide", Attribute::Ints({1, big})}, {"wide1", Attribute::Int(-big)}});
  b.Fetch("y");
  b.program.block0().FindVar("w")->dtype = static_cast<int>(VarDataType::kFP16);  // as an fp16 Paddle model
  Scope weights;
  for (const auto& kv : b.weights) REQUIRE(weights.Var(kv.first)->GetMutable()->CopyFrom(kv.second).ok());
  ConvTempDir tmp_dir("handmade");
  const std::string& dir = tmp_dir.path;
  PaddleWriteReport report;
  Status s = WritePaddleModel(b.program, weights, dir, {}, &report);
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(report.weights == 1);
  CHECK(report.dropped_weights == 1);
  std::vector<RawTensor> raw = ParseParamsByHand(Slurp(dir + "/model.pdiparams"));
  REQUIRE(raw.size() == 1);
  CHECK(raw[0].dtype == static_cast<int>(VarDataType::kFP32));
  auto m = MustLoad(dir, false);
  const OpDesc& add = m->program().block0().ops[1];
  REQUIRE(add.type == "elementwise_add");
  REQUIRE(add.Attr("wide"));
  CHECK(add.Attr("wide")->type == AttrType::kLongs);
  CHECK(add.Attr("wide")->ints == std::vector<int64_t>{1, big});
  CHECK(add.Attr("wide1")->type == AttrType::kLong);
  CHECK(add.Attr("wide1")->i == -big);
  CHECK(add.Attr("axis")->type == AttrType::kInt);
  CHECK(m->program().block0().FindVar("y")->dims == std::vector<int64_t>{1, 4});
  CHECK(!m->program().block0().FindVar("unused"));
  std::vector<Tensor> out = RunAll(m, {{"x", MakeTensor({1, 4}, {1.f, 2.f, 3.f, 4.f})}});
  CHECK(ToVector(out[0]) == std::vector<float>{2.5f, 0.f, 3.25f, 12.f});
}

TEST_CASE("convert: errors name the weight or the folder", "[convert]") {
  ProgramBuilder b;
  b.Feed("x", {1, 2}).Weight("w", MakeTensor({2}, {1.f, 2.f}));
  b.Op("elementwise_add", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"y"}}});
  b.Fetch("y");
  ConvTempDir tmp_dir("errors");
  const std::string& dir = tmp_dir.path;
  Scope empty;
  Status s = WritePaddleModel(b.program, empty, dir + "/a");
  CHECK(!s.ok());
  CHECK(s.message().find("weight 'w'") != std::string::npos);
  Scope weights;
  REQUIRE(weights.Var("w")->GetMutable()->CopyFrom(b.weights["w"]).ok());
  REQUIRE(std::system(("mkdir -p '" + dir + "/b' && touch '" + dir + "/b/__model__'").c_str()) == 0);
  s = WritePaddleModel(b.program, weights, dir + "/b");
  CHECK(!s.ok());
  CHECK(s.message().find("already holds another model (__model__)") != std::string::npos);
  REQUIRE(std::system(("touch '" + dir + "/file'").c_str()) == 0);
  s = WritePaddleModel(b.program, weights, dir + "/file/sub");
  CHECK(!s.ok());
  CHECK(s.message().find("is a file") != std::string::npos);
}

TEST_CASE("convert: the ember convert command", "[convert][cli]") {
  REQUIRE_MODELS();
  // The CLI beside this test's build folder (ember_tests lives in BUILD/test/), or $EMBER_CLI.
  std::string cli;
  if (const char* e = std::getenv("EMBER_CLI")) cli = e;
  if (cli.empty()) {
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    REQUIRE(n > 0);
    std::string exe(buf, static_cast<size_t>(n));
    std::string build = exe.substr(0, exe.rfind('/'));
    build = build.substr(0, build.rfind('/'));
    cli = build + "/ember";
  }
  if (access(cli.c_str(), X_OK) != 0) FAIL("ember CLI not found at " << cli << " (build target ember_cli, or set EMBER_CLI)");
  ConvTempDir tmp_dir("cli");
  const std::string& dir = tmp_dir.path;
  std::string src = ModelsDir() + "/onnx/mnist";
  std::string cmd = "'" + cli + "' convert '" + src + "/mnist.onnx' '" + dir + "/out' > '" + dir + "/log' 2>&1";
  int rc = std::system(cmd.c_str());
  INFO(Slurp(dir + "/log"));
  REQUIRE(rc == 0);
  CHECK(Slurp(dir + "/log").find("wrote " + dir + "/out/model.pdmodel") != std::string::npos);
  auto conv = MustLoad(dir + "/out", true);
  Tensor input, want;
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/input_0.pb", &input).ok());
  REQUIRE(ReadOnnxTensorFile(src + "/test_data_set_0/output_0.pb", &want).ok());
  std::vector<Tensor> out = RunAll(conv, {{conv->FeedNames()[0], input}});
  CHECK(MaxAbsDiff(out[0], want) <= 1e-4f);
  // Errors: exit 1 and a message naming the problem.
  cmd = "'" + cli + "' convert '" + dir + "/nothing.onnx' '" + dir + "/out2' > '" + dir + "/log2' 2>&1";
  CHECK(WEXITSTATUS(std::system(cmd.c_str())) == 1);
  CHECK(Slurp(dir + "/log2").find("ember convert: error:") != std::string::npos);
  CHECK(Slurp(dir + "/log2").find("nothing.onnx") != std::string::npos);
  cmd = "'" + cli + "' convert '" + src + "/mnist.onnx' > '" + dir + "/log3' 2>&1";
  CHECK(WEXITSTATUS(std::system(cmd.c_str())) == 1);
  CHECK(Slurp(dir + "/log3").find("needs IN and OUT_DIR") != std::string::npos);
}
