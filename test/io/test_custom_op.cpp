// Custom ops (framework/custom_op.h): an op registered from application code, found by type in Paddle, ONNX and
// ncnn models. Real models with a built-in layer renamed to a custom type give the built-in's outputs and the
// model's known answer; attributes are read by name; bad registrations and failing callbacks are Status errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "io/ember.h"
#include "io/onnx_test_util.h"
#include "io/paddle/paddle_loader.h"
#include "onnx.pb.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Catch runs a test case once per SECTION, and registration is process-wide: register each type once.
void RegisterOnce(const std::string& type, CustomInferShapeFn infer, CustomComputeFn compute) {
  if (IsCustomOp(type)) return;
  Status s = RegisterCustomOp(type, std::move(infer), std::move(compute));
  INFO(s.message());
  REQUIRE(s.ok());
}

Status SameShape(CustomOpContext& c) {
  for (int i = 0; i < c.num_outputs(); ++i) {
    c.output(i).Resize(c.input(0).dims());
    c.output(i).set_dtype(DataType::kFloat32);
  }
  return Status::OK();
}

// max(x, 0), or x * slope below 0 when the op has a float attribute `slope_attr`.
CustomComputeFn LeakyRelu(const std::string& slope_attr) {
  return [slope_attr](CustomOpContext& c) {
    float slope = 0.f;
    if (c.HasAttr(slope_attr)) EMBER_RETURN_IF_ERROR(c.GetAttr(slope_attr, &slope));
    const Tensor& x = c.input(0);
    const float* in = x.data<float>();
    float* out = c.output(0).data<float>();
    if (!in || !out) return InvalidArgument("float32 tensors expected");
    for (int64_t i = 0; i < x.numel(); ++i) out[i] = in[i] > 0 ? in[i] : in[i] * slope;
    return Status::OK();
  };
}

void RegisterRelu(const std::string& type, const std::string& slope_attr = "") {
  RegisterOnce(type, SameShape, LeakyRelu(slope_attr));
}

std::string Slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Takes `m` by reference: it is read after the load that fills it (a by-value copy could be made first).
std::shared_ptr<const Model> LoadOk(const Status& s, const std::shared_ptr<const Model>& m) {
  INFO(s.message());
  REQUIRE(s.ok());
  return m;
}

// Runs every fetch target of `model` on one input; the outputs by name.
std::map<std::string, std::vector<float>> RunAll(const std::shared_ptr<const Model>& model, const std::string& in,
                                                 const Tensor& x, PredictorOptions po = {},
                                                 std::vector<OpProfile>* profile = nullptr) {
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  REQUIRE(p->SetInput(in, x).ok());
  Status s = p->Run();
  INFO(s.message());
  REQUIRE(s.ok());
  std::map<std::string, std::vector<float>> out;
  for (const auto& n : model->FetchNames()) {
    const Tensor* t = nullptr;
    REQUIRE(p->GetOutput(n, &t).ok());
    out[n] = ToVector(*t);
  }
  if (profile) *profile = p->LastProfile();
  return out;
}

// The MNIST MLP with its relu ops renamed to `type`, through the one-file-per-weight reader.
std::shared_ptr<const Model> LoadRenamedMlp(const std::string& dir, const std::string& type, int* renamed) {
  std::string bytes = Slurp(dir + "/__model__");
  ProgramDesc prog;
  REQUIRE(ParseProgramDesc(bytes.data(), bytes.size(), "__model__", &prog).ok());
  *renamed = 0;
  for (auto& op : prog.block0().ops)
    if (op.type == "relu") op.type = type, ++*renamed;
  std::string model_bytes;
  REQUIRE(SerializeProgramDesc(prog, &model_bytes).ok());
  FileReader read = [&](const std::string& name, std::string* out) {
    if (name == "__model__") *out = model_bytes;
    else *out = Slurp(dir + "/" + name);
    return out->empty() ? NotFound("no file ", name) : Status::OK();
  };
  std::shared_ptr<const Model> m;
  return LoadOk(Model::LoadWithReader("__model__", "", read, {}, &m), m);
}

Status LoadProgram(const ProgramBuilder& pb, std::shared_ptr<const Model>* m) {
  std::string model, params;
  pb.Serialize(&model, &params);
  return Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, m);
}

}  // namespace

TEST_CASE("custom op: the MNIST MLP with relu renamed to a custom op gives the model's answer", "[io][custom_op]") {
  REQUIRE_MODELS();
  RegisterRelu("test_mlp_relu");
  const std::string dir = ModelsDir() + "/paddle/mnist_mlp_handwriting";
  int renamed = 0;
  std::shared_ptr<const Model> model = LoadRenamedMlp(dir, "test_mlp_relu", &renamed);
  REQUIRE(renamed == 2);
  std::shared_ptr<const Model> builtin;
  builtin = LoadOk(Model::Load(dir, {}, &builtin), builtin);
  Tensor x = MakeTensor({1, 1, 28, 28}, ReadFloats(dir + "/refdata_npref/input_image.bin"));
  const std::vector<float> want = ReadFloats(dir + "/refdata_npref/output_save_infer_model_scale_0.tmp_4.bin");
  const std::string out = "save_infer_model/scale_0.tmp_4";
  // The passes fuse mul + add into fc around the custom op and leave it in place.
  CHECK(model->program().OpTypeCounts()["test_mlp_relu"] == 2);
  CHECK(model->program().OpTypeCounts()["fc"] == 3);

  SECTION("light mode (arena), twice, and a profile naming the custom kernel") {
    PredictorOptions po;
    po.profile = true;
    std::vector<OpProfile> prof;
    auto got = RunAll(model, "image", x, po, &prof);
    std::string why;
    CHECK(AllClose(got[out], want, 1e-4f, 1e-4f, &why));
    INFO(why);
    CHECK(AllClose(got[out], RunAll(builtin, "image", x)[out], 1e-6f, 1e-6f));
    CHECK(std::max_element(got[out].begin(), got[out].end()) - got[out].begin() == 3);
    int custom = 0;
    for (const auto& p : prof)
      if (p.op->type == "test_mlp_relu") custom += p.kernel == "custom";
    CHECK(custom == 2);
  }
  SECTION("a batch of 4 after a batch of 1, light mode off, two threads") {
    PredictorOptions po;
    po.light_mode = false;
    po.threads = 2;
    Tensor x4 = MakeTensor({4, 1, 28, 28}, [&] {
      std::vector<float> v, one = ToVector(x);
      for (int i = 0; i < 4; ++i) v.insert(v.end(), one.begin(), one.end());
      return v;
    }());
    RunAll(model, "image", x, po);
    auto got = RunAll(model, "image", x4, po)[out];
    REQUIRE(got.size() == 40);
    for (int i = 0; i < 4; ++i)
      CHECK(AllClose(std::vector<float>(got.begin() + i * 10, got.begin() + i * 10 + 10), want, 1e-4f, 1e-4f));
  }
  SECTION("predictors of one model on several threads") {
    std::vector<std::vector<float>> outs(4);
    std::vector<std::thread> threads;
    for (auto& o : outs)
      threads.emplace_back([&, po = PredictorOptions()] {
        std::unique_ptr<Predictor> p;
        const Tensor* t = nullptr;
        if (Predictor::Create(model, po, &p).ok() && p->SetInput("image", x).ok() && p->Run().ok() &&
            p->GetOutput(out, &t).ok())
          o = ToVector(*t);
      });
    for (auto& t : threads) t.join();
    for (const auto& o : outs) CHECK(AllClose(o, want, 1e-4f, 1e-4f));
  }
}

TEST_CASE("custom op: the ONNX MNIST CNN with Relu as a custom node matches its test data", "[io][custom_op]") {
  REQUIRE_MODELS();
  RegisterRelu("TestOnnxRelu");
  const std::string dir = ModelsDir() + "/onnx/mnist";
  onnx::ModelProto m;
  std::string bytes = Slurp(dir + "/mnist.onnx");
  REQUIRE(m.ParseFromString(bytes));
  int renamed = 0;
  for (auto& node : *m.mutable_graph()->mutable_node())
    if (node.op_type() == "Relu") node.set_op_type("TestOnnxRelu"), ++renamed;
  REQUIRE(renamed > 0);
  const std::string changed = m.SerializeAsString();
  std::shared_ptr<const Model> model;
  model = LoadOk(Model::LoadFromMemory(changed.data(), changed.size(), nullptr, 0, {}, &model), model);
  CHECK(model->program().OpTypeCounts()["TestOnnxRelu"] == renamed);
  CHECK(model->programs().loaded.source_op_types.count("TestOnnxRelu") == 0);  // no converter to keep
  Tensor x, want;
  std::string in_name;
  REQUIRE(ReadOnnxTensorFile(dir + "/test_data_set_0/input_0.pb", &x, &in_name).ok());
  REQUIRE(ReadOnnxTensorFile(dir + "/test_data_set_0/output_0.pb", &want).ok());
  auto got = RunAll(model, model->FeedNames()[0], x);
  REQUIRE(got.size() == 1);
  std::string why;
  CHECK(AllClose(got.begin()->second, ToVector(want), 1e-4f, 1e-4f, &why));
  INFO(why);
}

namespace {

// What the attribute test's op read, checked after the run.
struct SeenAttrs {
  float alpha = 0;
  int64_t bias = 0;
  std::string mode;
  std::vector<int64_t> axes;
  std::vector<float> weights;
  Status missing, wrong_type;
};
SeenAttrs g_seen;

// y = x * alpha + bias, reading every attribute type by name.
Status ScaleShiftCompute(CustomOpContext& c) {
  SeenAttrs s;
  EMBER_RETURN_IF_ERROR(c.GetAttr("alpha", &s.alpha));
  EMBER_RETURN_IF_ERROR(c.GetAttr("bias", &s.bias));
  EMBER_RETURN_IF_ERROR(c.GetAttr("mode", &s.mode));
  EMBER_RETURN_IF_ERROR(c.GetAttr("axes", &s.axes));
  EMBER_RETURN_IF_ERROR(c.GetAttr("weights", &s.weights));
  s.missing = c.GetAttr("nope", &s.alpha);
  s.wrong_type = c.GetAttr("mode", &s.bias);
  const float* x = c.input(0).data<float>();
  float* y = c.output(0).data<float>();
  for (int64_t i = 0; i < c.output(0).numel(); ++i) y[i] = x[i] * s.alpha + static_cast<float>(s.bias);
  g_seen = s;
  return Status::OK();
}

void AddAttr(onnx::NodeProto* n, const std::string& name, int type, std::function<void(onnx::AttributeProto*)> set) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(type);
  set(a);
}

onnx::ModelProto ScaleShiftModel(const std::string& domain, const std::string& op_type) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  auto* os = m.add_opset_import();
  os->set_version(13);
  if (!domain.empty()) {
    os = m.add_opset_import();
    os->set_domain(domain);
    os->set_version(1);
  }
  auto* g = m.mutable_graph();
  g->set_name("custom");
  auto* in = g->add_input();
  in->set_name("x");
  in->mutable_type()->mutable_tensor_type()->set_elem_type(1);
  auto* n = g->add_node();
  n->set_op_type(op_type);
  n->set_domain(domain);
  n->set_name("ss");
  n->add_input("x");
  n->add_output("y");
  AddAttr(n, "alpha", 1, [](onnx::AttributeProto* a) { a->set_f(2.5f); });
  AddAttr(n, "bias", 2, [](onnx::AttributeProto* a) { a->set_i(-3); });
  AddAttr(n, "mode", 3, [](onnx::AttributeProto* a) { a->set_s("affine"); });
  AddAttr(n, "axes", 7, [](onnx::AttributeProto* a) { a->add_ints(1); a->add_ints(-1); });
  AddAttr(n, "weights", 6, [](onnx::AttributeProto* a) { a->add_floats(0.25f); a->add_floats(4.f); });
  g->add_output()->set_name("y");
  return m;
}

}  // namespace

TEST_CASE("custom op: an ONNX node in a custom domain, its attributes read by name", "[io][custom_op]") {
  RegisterOnce("TestScaleShift", SameShape, ScaleShiftCompute);
  for (const std::string domain : {"com.example", ""}) {
    INFO("domain '" << domain << "'");
    const std::string buf = ScaleShiftModel(domain, "TestScaleShift").SerializeAsString();
    std::shared_ptr<const Model> model;
    model = LoadOk(Model::LoadFromMemory(buf.data(), buf.size(), nullptr, 0, {}, &model), model);
    Tensor x = RandomTensor({2, 3}, 7);
    std::vector<float> want = ToVector(x);
    for (float& v : want) v = v * 2.5f - 3.f;
    g_seen = SeenAttrs();
    CHECK(AllClose(RunAll(model, "x", x)["y"], want, 1e-6f, 1e-6f));
    CHECK(g_seen.alpha == 2.5f);
    CHECK(g_seen.bias == -3);
    CHECK(g_seen.mode == "affine");
    CHECK(g_seen.axes == std::vector<int64_t>{1, -1});
    CHECK(g_seen.weights == std::vector<float>{0.25f, 4.f});
    CHECK(g_seen.missing.code() == StatusCode::kNotFound);
    CHECK(g_seen.missing.message().find("'nope'") != std::string::npos);
    CHECK(g_seen.wrong_type.code() == StatusCode::kInvalidArgument);
  }
  SECTION("an unregistered custom-domain node fails naming its op type and domain") {
    const std::string buf = ScaleShiftModel("com.example", "TestNeverRegistered").SerializeAsString();
    std::shared_ptr<const Model> model;
    Status s = Model::LoadFromMemory(buf.data(), buf.size(), nullptr, 0, {}, &model);
    INFO(s.message());
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("'TestNeverRegistered'") != std::string::npos);
    CHECK(s.message().find("domain 'com.example'") != std::string::npos);
  }
  SECTION("a tensor attribute or an input left out in the middle is refused naming the node") {
    onnx::ModelProto m = ScaleShiftModel("com.example", "TestScaleShift");
    AddAttr(m.mutable_graph()->mutable_node(0), "table", 4, [](onnx::AttributeProto* a) { a->mutable_t(); });
    std::string buf = m.SerializeAsString();
    std::shared_ptr<const Model> model;
    Status s = Model::LoadFromMemory(buf.data(), buf.size(), nullptr, 0, {}, &model);
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("'ss' ('TestScaleShift'") != std::string::npos);
    CHECK(s.message().find("attribute 'table' has type 4") != std::string::npos);
    m = ScaleShiftModel("com.example", "TestScaleShift");
    auto* node = m.mutable_graph()->mutable_node(0);
    node->add_input("");
    node->add_input("x");
    buf = m.SerializeAsString();
    s = Model::LoadFromMemory(buf.data(), buf.size(), nullptr, 0, {}, &model);
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("custom op input 1 is left out") != std::string::npos);
  }
  SECTION("a default-domain node with a converter keeps it even when a custom op shares its op_type") {
    RegisterOnce("Relu", SameShape, [](CustomOpContext&) { return Internal("the custom Relu must not run"); });
    onnx::ModelProto m = ScaleShiftModel("", "Relu");
    m.mutable_graph()->mutable_node(0)->clear_attribute();
    const std::string buf = m.SerializeAsString();
    std::shared_ptr<const Model> model;
    model = LoadOk(Model::LoadFromMemory(buf.data(), buf.size(), nullptr, 0, {}, &model), model);
    Tensor x = MakeTensor({1, 3}, {-1.f, 0.5f, 2.f});
    CHECK(RunAll(model, "x", x)["y"] == std::vector<float>{0.f, 0.5f, 2.f});
  }
}

namespace {

std::string NcnnBenchDir() {  // as test_ncnn_bench_graphs_net finds ncnn's benchmark graphs
  const char* env = std::getenv("EMBER_NCNN_BENCH_DIR");
  return env ? env : ModelsDir() + "/../bench/ncnn";
}

// blazeface's ReLU layers, each given a slope (leaky) and renamed to `type`.
std::string BlazefaceParam(const std::string& type) {
  std::istringstream in(Slurp(NcnnBenchDir() + "/blazeface.param"));
  std::string line, out;
  while (std::getline(in, line)) {
    if (line.rfind("ReLU ", 0) == 0) line = type + line.substr(4) + " 0=1.000000e-01";
    out += line + "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("custom op: ncnn blazeface with its ReLU layers as a custom layer matches the built-in", "[io][custom_op]") {
  REQUIRE_MODELS();
  RegisterRelu("TestNcnnLeakyReLU", "0");  // ncnn's ReLU slope is param 0
  std::ifstream probe(NcnnBenchDir() + "/blazeface.param");
  REQUIRE(probe.good());
  ModelOptions mo;
  mo.generate_weights = true;  // the same generated weights for both: only weight-free ReLU layers differ
  auto load = [&](const std::string& type) {
    const std::string dir = "/tmp/ember_custom_op_test_" + type;
    std::string param = BlazefaceParam(type);
    std::ofstream(dir + ".param") << param;
    std::shared_ptr<const Model> m;
    return LoadOk(Model::Load(dir + ".param", mo, &m), m);
  };
  std::shared_ptr<const Model> custom = load("TestNcnnLeakyReLU"), builtin = load("ReLU");
  CHECK(custom->program().OpTypeCounts()["TestNcnnLeakyReLU"] == 17);
  Tensor x = RandomTensor({1, 3, 128, 128}, 3);
  auto want = RunAll(builtin, builtin->FeedNames()[0], x);
  auto got = RunAll(custom, custom->FeedNames()[0], x);
  REQUIRE(want.size() == got.size());
  REQUIRE(!want.empty());
  for (const auto& kv : want) {
    std::string why;
    CHECK(AllClose(got[kv.first], kv.second, 1e-5f, 1e-5f, &why));
    INFO(kv.first << ": " << why);
  }
}

TEST_CASE("custom op: an ncnn layer's params are its attributes by id, arrays too", "[io][custom_op]") {
  // Two tops; int, float, int array and float array params (the README's example).
  if (!IsCustomOp("TestNcnnAffine2")) {
    ember::Status s = ember::RegisterCustomOp("TestNcnnAffine2",
        [](ember::CustomOpContext& c) {                     // outputs take input 0's shape
          for (int i = 0; i < c.num_outputs(); ++i) c.output(i).Resize(c.input(0).dims());
          return ember::Status::OK();
        },
        [](ember::CustomOpContext& c) {                     // out0 = x * p1 + p0 + sum(p3), out1 = x + count(p2)
          int p0 = 0;
          float p1 = 0;
          std::vector<int64_t> p2;
          std::vector<float> p3;
          EMBER_RETURN_IF_ERROR(c.GetAttr("0", &p0));
          EMBER_RETURN_IF_ERROR(c.GetAttr("1", &p1));
          EMBER_RETURN_IF_ERROR(c.GetAttr("2", &p2));
          EMBER_RETURN_IF_ERROR(c.GetAttr("3", &p3));
          const float* x = c.input(0).data<float>();
          for (int64_t i = 0; i < c.input(0).numel(); ++i) {
            c.output(0).data<float>()[i] = x[i] * p1 + p0 + p3[0] + p3[1];
            c.output(1).data<float>()[i] = x[i] + p2.size();
          }
          return ember::Status::OK();
        });
    REQUIRE(s.ok());
  }
  const std::string param =
      "7767517\n"
      "2 3\n"
      "Input in 0 1 data 0=4 1=1 2=1\n"
      "TestNcnnAffine2 aff 1 2 data out0 out1 0=3 1=0.5 -23302=3,7,8,9 -23303=2,1.5,2.25\n";
  // Expected: p0 = 3, p1 = 0.5, p2 = {7, 8, 9}, p3 = {1.5, 2.25} from the .param text above.
  const std::string path = "/tmp/ember_custom_op_test_affine.param";
  std::ofstream(path) << param;
  ModelOptions mo;
  mo.generate_weights = true;
  std::shared_ptr<const Model> model;
  model = LoadOk(Model::Load(path, mo, &model), model);
  Tensor x = MakeTensor({1, 1, 1, 4}, {1.f, -2.f, 0.f, 4.f});
  auto got = RunAll(model, "data", x);
  CHECK(got["out0"] == std::vector<float>{0.5f + 6.75f, -1.f + 6.75f, 6.75f, 2.f + 6.75f});
  CHECK(got["out1"] == std::vector<float>{4.f, 1.f, 3.f, 7.f});
}

TEST_CASE("custom op: bad registrations are refused with clear errors", "[io][custom_op]") {
  auto infer = [](CustomOpContext& c) { return SameShape(c); };
  auto compute = LeakyRelu("");
  Status s = RegisterCustomOp("", infer, compute);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("empty") != std::string::npos);
  s = RegisterCustomOp("test_null_infer", nullptr, compute);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("InferShape callback is null") != std::string::npos);
  s = RegisterCustomOp("test_null_compute", infer, nullptr);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("Compute callback is null") != std::string::npos);
  CHECK(!IsCustomOp("test_null_infer"));
  CHECK(!IsCustomOp("test_null_compute"));
  for (const char* builtin : {"relu", "conv2d", "softmax"}) {
    s = RegisterCustomOp(builtin, infer, compute);
    CHECK(s.code() == StatusCode::kInvalidArgument);
    CHECK(s.message().find("built-in op") != std::string::npos);
  }
  RegisterRelu("test_dup");
  s = RegisterCustomOp("test_dup", infer, compute);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("already registered") != std::string::npos);
  auto types = CustomOpTypes();
  CHECK(std::count(types.begin(), types.end(), "test_dup") == 1);
}

TEST_CASE("custom op: callback failures are Status errors naming the op", "[io][custom_op]") {
  RegisterOnce("test_bad_shape", [](CustomOpContext&) { return InvalidArgument("rank 3 wanted"); }, LeakyRelu(""));
  RegisterOnce("test_throws", SameShape, [](CustomOpContext&) -> Status { throw std::runtime_error("boom"); });
  RegisterOnce("test_no_shape", [](CustomOpContext& c) {
    c.output(0).Resize(DDim({-1, 2}));
    return Status::OK();
  }, LeakyRelu(""));
  RegisterOnce("test_bad_index", SameShape, [](CustomOpContext& c) {
    c.output(5);  // out of range: reported, not a crash
    return Status::OK();
  });
  auto run = [](const std::string& type) {
    ProgramBuilder pb;
    pb.Feed("x", {1, 2}).Op(type, {{"X", {"x"}}}, {{"Out", {"y"}}}).Fetch("y");
    std::shared_ptr<const Model> m;
    m = LoadOk(LoadProgram(pb, &m), m);
    std::unique_ptr<Predictor> p;
    REQUIRE(Predictor::Create(m, {}, &p).ok());
    REQUIRE(p->SetInput("x", MakeTensor({1, 2}, {1.f, -1.f})).ok());
    return p->Run();
  };
  Status s = run("test_bad_shape");
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("test_bad_shape (output y) InferShape") != std::string::npos);
  CHECK(s.message().find("rank 3 wanted") != std::string::npos);
  s = run("test_throws");
  CHECK(s.code() == StatusCode::kInternal);
  CHECK(s.message().find("custom op 'test_throws' Compute threw: boom") != std::string::npos);
  s = run("test_no_shape");
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("test_no_shape") != std::string::npos);
  s = run("test_bad_index");
  CHECK(s.code() == StatusCode::kInternal);
  CHECK(s.message().find("output 5 of 1") != std::string::npos);
}

TEST_CASE("custom op: a model using an unregistered type fails naming it, in every format", "[io][custom_op]") {
  ProgramBuilder pb;
  pb.Feed("x", {1, 2}).Op("test_unregistered_op", {{"X", {"x"}}}, {{"Out", {"y"}}}).Fetch("y");
  std::shared_ptr<const Model> m;
  Status s = LoadProgram(pb, &m);
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("test_unregistered_op") != std::string::npos);
  CHECK(s.message().find("RegisterCustomOp") != std::string::npos);

  const std::string path = "/tmp/ember_custom_op_test_unregistered.param";
  std::ofstream(path) << "7767517\n2 2\nInput in 0 1 data 0=4\nTestUnregisteredLayer u 1 1 data out 0=1\n";
  ModelOptions mo;
  mo.generate_weights = true;
  s = Model::Load(path, mo, &m);
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("'TestUnregisteredLayer'") != std::string::npos);
}

TEST_CASE("custom op: a custom op between built-in ops in a Paddle program, light mode arena reuse",
          "[io][custom_op]") {
  RegisterRelu("test_chain_relu", "slope");
  ProgramBuilder pb;
  pb.Feed("x", {-1, 3})
      .Op("scale", {{"X", {"x"}}}, {{"Out", {"a"}}}, {{"scale", Attribute::Float(2.f)}})
      .Op("test_chain_relu", {{"X", {"a"}}}, {{"Out", {"b"}}}, {{"slope", Attribute::Float(0.5f)}})
      .Op("scale", {{"X", {"b"}}}, {{"Out", {"c"}}},
          {{"scale", Attribute::Float(1.f)}, {"bias", Attribute::Float(1.f)}})
      .Op("test_chain_relu", {{"X", {"c"}}}, {{"Out", {"y"}}})
      .Fetch("y");
  std::shared_ptr<const Model> m;
  m = LoadOk(LoadProgram(pb, &m), m);
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(m, {}, &p).ok());
  for (int64_t rows : {1, 1, 3, 3, 2}) {  // a repeated shape runs on the planned arena
    Tensor x = RandomTensor({rows, 3}, static_cast<uint32_t>(rows));
    std::vector<float> want = ToVector(x);
    for (float& v : want) {
      float a = 2 * v, b = a > 0 ? a : 0.5f * a, c = b + 1;
      v = c > 0 ? c : 0;
    }
    REQUIRE(p->SetInput("x", x).ok());
    Status s = p->Run();
    INFO(s.message());
    REQUIRE(s.ok());
    const Tensor* y = nullptr;
    REQUIRE(p->GetOutput("y", &y).ok());
    CHECK(y->dims() == DDim({rows, 3}));
    CHECK(AllClose(ToVector(*y), want, 1e-6f, 1e-6f));
  }
}

TEST_CASE("custom op: a Paddle op's slots by name and in order", "[io][custom_op]") {
  // Out = X + Y, Aux = X * Y; Y found by slot name, and as input 1 in slot order.
  RegisterOnce("test_two_slots", SameShape, [](CustomOpContext& c) {
    const Tensor* y = c.input("Y");
    if (c.num_inputs() != 2 || c.num_outputs() != 2 || y != &c.input(1) || c.input("Y", 1) || c.input("Z"))
      return Internal("slots not as declared");
    const float* a = c.input("X")->data<float>();
    const float* b = y->data<float>();
    for (int64_t i = 0; i < c.input(0).numel(); ++i) {
      c.output("Out")->data<float>()[i] = a[i] + b[i];
      c.output("Aux")->data<float>()[i] = a[i] * b[i];
    }
    return Status::OK();
  });
  ProgramBuilder pb;
  pb.Feed("x", {1, 3})
      .Weight("w", MakeTensor({1, 3}, {1.f, 2.f, 3.f}))
      .Op("test_two_slots", {{"X", {"x"}}, {"Y", {"w"}}}, {{"Out", {"sum"}}, {"Aux", {"prod"}}})
      .Fetch("sum")
      .Fetch("prod");
  std::shared_ptr<const Model> m;
  m = LoadOk(LoadProgram(pb, &m), m);
  auto got = RunAll(m, "x", MakeTensor({1, 3}, {4.f, 5.f, -6.f}));
  CHECK(got["sum"] == std::vector<float>{5.f, 7.f, -3.f});
  CHECK(got["prod"] == std::vector<float>{4.f, 10.f, -18.f});
}

TEST_CASE("custom op: an ONNX custom node on constants runs in the predictor, not at import", "[io][custom_op]") {
  static int calls = 0;
  RegisterOnce("TestCountedNeg", SameShape, [](CustomOpContext& c) {
    ++calls;
    for (int64_t i = 0; i < c.input(0).numel(); ++i) c.output(0).data<float>()[i] = -c.input(0).data<float>()[i];
    return Status::OK();
  });
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(13);
  auto* g = m.mutable_graph();
  g->set_name("consts");
  auto* c = g->add_initializer();
  c->set_name("c");
  c->set_data_type(1);
  c->add_dims(2);
  c->add_float_data(1.5f);
  c->add_float_data(-2.f);
  auto* n = g->add_node();
  n->set_op_type("TestCountedNeg");
  n->set_domain("org.test");
  n->add_input("c");
  n->add_output("y");
  g->add_output()->set_name("y");
  const std::string buf = m.SerializeAsString();
  std::shared_ptr<const Model> model;
  model = LoadOk(Model::LoadFromMemory(buf.data(), buf.size(), nullptr, 0, {}, &model), model);
  const int before = calls;
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, {}, &p).ok());
  REQUIRE(p->Run().ok());
  const Tensor* y = nullptr;
  REQUIRE(p->GetOutput("y", &y).ok());
  CHECK(ToVector(*y) == std::vector<float>{-1.5f, 2.f});
  CHECK(calls == before + 1);
  CHECK(before == 0);
}

TEST_CASE("custom op: registrations from several threads beside loads", "[io][custom_op]") {
  if (IsCustomOp("test_race_0")) return;  // the process registered them already (a repeated run)
  ProgramBuilder pb;
  pb.Feed("x", {1, 2}).Op("test_race_0", {{"X", {"x"}}}, {{"Out", {"y"}}}).Fetch("y");
  std::string model, params;
  pb.Serialize(&model, &params);
  std::vector<std::thread> threads;
  std::vector<Status> registered(4);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &registered] {
      registered[static_cast<size_t>(t)] = RegisterCustomOp("test_race_" + std::to_string(t), SameShape, LeakyRelu(""));
    });
  for (int i = 0; i < 20; ++i) {  // each load either finds test_race_0 or names it as missing
    std::shared_ptr<const Model> m;
    Status s = Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m);
    if (!s.ok()) CHECK(s.message().find("test_race_0") != std::string::npos);
  }
  for (auto& t : threads) t.join();
  for (const auto& s : registered) CHECK(s.ok());
  auto types = CustomOpTypes();
  for (int t = 0; t < 4; ++t)
    CHECK(std::count(types.begin(), types.end(), "test_race_" + std::to_string(t)) == 1);
  std::shared_ptr<const Model> m;
  CHECK(Model::LoadFromMemory(model.data(), model.size(), params.data(), params.size(), {}, &m).ok());
}
