// ONNX importer: hand-built ModelProtos (our own schema) checked against plain-loop references, the mapping
// of attributes onto Ember ops, constant folding, external data, TensorProto parsing and error messages.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <cstdio>
#include <fstream>
#include <set>

#include "framework/scope.h"
#include "io/converter_list.h"
#include "io/file_util.h"
#include "io/ember.h"
#include "io/onnx/onnx_context.h"
#include "io/onnx/onnx_importer.h"
#include "io/onnx_test_util.h"
#include "onnx.pb.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

void SetTensor(onnx::TensorProto* t, const std::string& name, const std::vector<int64_t>& dims,
               const std::vector<float>& values) {
  t->set_name(name);
  t->set_data_type(1);
  for (int64_t d : dims) t->add_dims(d);
  for (float v : values) t->add_float_data(v);
}

void SetInts(onnx::TensorProto* t, const std::string& name, const std::vector<int64_t>& values) {
  t->set_name(name);
  t->set_data_type(7);
  t->add_dims(static_cast<int64_t>(values.size()));
  for (int64_t v : values) t->add_int64_data(v);
}

void AddValueInfo(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list, const std::string& name,
                  const std::vector<int64_t>& dims, int elem_type = 1) {
  onnx::ValueInfoProto* vi = list->Add();
  vi->set_name(name);
  auto* tt = vi->mutable_type()->mutable_tensor_type();
  tt->set_elem_type(elem_type);
  for (int64_t d : dims) {
    auto* dim = tt->mutable_shape()->add_dim();
    if (d >= 0) dim->set_dim_value(d);
    else dim->set_dim_param("N");
  }
}

onnx::NodeProto* AddNode(onnx::GraphProto* g, const std::string& type, std::vector<std::string> ins,
                         std::vector<std::string> outs, const std::string& name = "") {
  onnx::NodeProto* n = g->add_node();
  n->set_op_type(type);
  n->set_name(name.empty() ? type + "_" + std::to_string(g->node_size()) : name);
  for (auto& s : ins) n->add_input(s);
  for (auto& s : outs) n->add_output(s);
  return n;
}

void IntsAttr(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(7);
  for (int64_t x : v) a->add_ints(x);
}
void IntAttr(onnx::NodeProto* n, const std::string& name, int64_t v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(2);
  a->set_i(v);
}
void FloatAttr(onnx::NodeProto* n, const std::string& name, float v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(1);
  a->set_f(v);
}
void StringAttr(onnx::NodeProto* n, const std::string& name, const std::string& v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(3);
  a->set_s(v);
}

onnx::ModelProto NewModel(int opset = 13) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  auto* os = m.add_opset_import();
  os->set_domain("");
  os->set_version(opset);
  m.mutable_graph()->set_name("test");
  return m;
}

Status Import(const onnx::ModelProto& m, ProgramDesc* prog, Scope* weights, const std::string& source = "test.onnx") {
  std::string buf = m.SerializeAsString();
  return ImportOnnxBuffer(buf.data(), buf.size(), source, prog, weights);
}

// Runs the model on one input and returns the named output.
Status RunModel(const onnx::ModelProto& m, const std::vector<std::pair<std::string, Tensor>>& inputs,
                const std::string& output, Tensor* out, ProgramDesc* loaded = nullptr) {
  std::string dir = "/tmp/ember_onnx_test_" + std::to_string(getpid());
  mkdir(dir.c_str(), 0755);
  std::string path = dir + "/model.onnx";
  {
    std::ofstream f(path, std::ios::binary);
    f << m.SerializeAsString();
  }
  std::shared_ptr<const Model> model;
  EMBER_RETURN_IF_ERROR(Model::Load(path, {}, &model));
  if (loaded) *loaded = model->programs().loaded;
  std::unique_ptr<Predictor> p;
  EMBER_RETURN_IF_ERROR(Predictor::Create(model, {}, &p));
  for (const auto& kv : inputs) EMBER_RETURN_IF_ERROR(p->SetInput(kv.first, kv.second));
  EMBER_RETURN_IF_ERROR(p->Run());
  const Tensor* t = nullptr;
  EMBER_RETURN_IF_ERROR(p->GetOutput(output, &t));
  return out->CopyFrom(*t);
}

const OpDesc* FindOp(const ProgramDesc& p, const std::string& type) {
  for (const auto& op : p.block0().ops)
    if (op.type == type) return &op;
  return nullptr;
}

}  // namespace

TEST_CASE("ONNX Conv (asymmetric pads, strides) + Relu + Flatten + Gemm match plain loops", "[io][onnx]") {
  const int N = 1, C = 2, H = 5, W = 6, K = 3, O = 3;
  onnx::ModelProto m = NewModel(13);
  auto* g = m.mutable_graph();
  Tensor w = RandomTensor({O, C, K, K}, 11), b = RandomTensor({O}, 12);
  SetTensor(g->add_initializer(), "w", {O, C, K, K}, ToVector(w));
  SetTensor(g->add_initializer(), "b", {O}, ToVector(b));
  // pads [top=1, left=0, bottom=2, right=1]; strides [1, 2].
  auto* conv = AddNode(g, "Conv", {"x", "w", "b"}, {"c"});
  IntsAttr(conv, "pads", {1, 0, 2, 1});
  IntsAttr(conv, "strides", {1, 2});
  IntsAttr(conv, "kernel_shape", {K, K});
  AddNode(g, "Relu", {"c"}, {"r"});
  AddNode(g, "Flatten", {"r"}, {"f"});
  const int OH = (H + 1 + 2 - K) / 1 + 1, OW = (W + 0 + 1 - K) / 2 + 1, F = O * OH * OW, M = 4;
  Tensor gw = RandomTensor({M, F}, 13), gc = RandomTensor({M}, 14);
  SetTensor(g->add_initializer(), "gw", {M, F}, ToVector(gw));
  SetTensor(g->add_initializer(), "gc", {M}, ToVector(gc));
  auto* gemm = AddNode(g, "Gemm", {"f", "gw", "gc"}, {"y"});
  IntAttr(gemm, "transB", 1);
  FloatAttr(gemm, "alpha", 0.5f);
  FloatAttr(gemm, "beta", 2.f);
  AddValueInfo(g->mutable_input(), "x", {-1, C, H, W});
  AddValueInfo(g->mutable_output(), "y", {-1, M});

  Tensor x = RandomTensor({N, C, H, W}, 15);
  Tensor y;
  ProgramDesc loaded;
  Status s = RunModel(m, {{"x", x}}, "y", &y, &loaded);
  INFO(s.message());
  REQUIRE(s.ok());
  // Reference.
  std::vector<float> xv = ToVector(x), wv = ToVector(w), bv = ToVector(b), gwv = ToVector(gw), gcv = ToVector(gc);
  std::vector<float> flat(static_cast<size_t>(F));
  for (int o = 0; o < O; ++o)
    for (int i = 0; i < OH; ++i)
      for (int j = 0; j < OW; ++j) {
        double acc = bv[o];
        for (int c = 0; c < C; ++c)
          for (int ki = 0; ki < K; ++ki)
            for (int kj = 0; kj < K; ++kj) {
              int yy = i - 1 + ki, xx = j * 2 - 0 + kj;
              if (yy < 0 || yy >= H || xx < 0 || xx >= W) continue;
              acc += xv[(c * H + yy) * W + xx] * wv[((o * C + c) * K + ki) * K + kj];
            }
        flat[static_cast<size_t>((o * OH + i) * OW + j)] = static_cast<float>(std::max(acc, 0.0));
      }
  std::vector<float> want(M);
  for (int mm = 0; mm < M; ++mm) {
    double acc = 0;
    for (int f = 0; f < F; ++f) acc += flat[static_cast<size_t>(f)] * gwv[static_cast<size_t>(mm * F + f)];
    want[static_cast<size_t>(mm)] = static_cast<float>(0.5 * acc + 2.0 * gcv[static_cast<size_t>(mm)]);
  }
  CHECK(y.dims() == DDim({1, M}));
  std::string why;
  CHECK(AllClose(ToVector(y), want, 1e-4f, 1e-4f, &why));
  INFO(why);
  // The mapping: Paddle-style paddings [top, bottom, left, right]; value_info dims on the feed var.
  const OpDesc* c2 = FindOp(loaded, "conv2d");
  REQUIRE(c2);
  CHECK(c2->Attr("paddings")->ints == std::vector<int64_t>{1, 2, 0, 1});
  // The Gemm by constant weights is an fc (transB, alpha and beta folded into its weights), not a matmul.
  CHECK(FindOp(loaded, "fc"));
  CHECK_FALSE(FindOp(loaded, "matmul"));
  CHECK(c2->Attr("strides")->ints == std::vector<int64_t>{1, 2});
  REQUIRE(loaded.block0().FindVar("x"));
  CHECK(loaded.block0().FindVar("x")->dims == std::vector<int64_t>{-1, C, H, W});
  CHECK(loaded.FeedNames() == std::vector<std::string>{"x"});
  CHECK(loaded.FetchNames() == std::vector<std::string>{"y"});
}

TEST_CASE("ONNX shape arithmetic: Shape -> Gather -> Unsqueeze -> Concat -> Reshape runs; constants fold", "[io][onnx]") {
  onnx::ModelProto m = NewModel(13);
  auto* g = m.mutable_graph();
  SetInts(g->add_initializer(), "zero", {0});
  SetInts(g->add_initializer(), "minus1", {-1});
  SetInts(g->add_initializer(), "ax0", {0});
  // batch = Shape(x)[0]; new shape = [batch, -1]
  AddNode(g, "Shape", {"x"}, {"shp"});
  onnx::TensorProto* idx = g->add_initializer();
  idx->set_name("i0");
  idx->set_data_type(7);
  idx->add_int64_data(0);  // a scalar index
  AddNode(g, "Gather", {"shp", "i0"}, {"batch"});
  AddNode(g, "Unsqueeze", {"batch", "ax0"}, {"batch1"});
  AddNode(g, "Concat", {"batch1", "minus1"}, {"newshape"})->add_attribute()->CopyFrom([] {
    onnx::AttributeProto a;
    a.set_name("axis");
    a.set_type(2);
    a.set_i(0);
    return a;
  }());
  AddNode(g, "Reshape", {"x", "newshape"}, {"y"});
  // A constant-only chain: Unsqueeze(minus1) -> folded at load.
  AddNode(g, "Unsqueeze", {"minus1", "ax0"}, {"folded"});
  AddNode(g, "Reshape", {"x", "minus1"}, {"y2"});
  AddValueInfo(g->mutable_input(), "x", {-1, 2, 3});
  AddValueInfo(g->mutable_output(), "y", {-1, 6});
  AddValueInfo(g->mutable_output(), "y2", {-1});
  AddValueInfo(g->mutable_output(), "folded", {1, 1});

  for (int batch : {1, 3}) {
    Tensor x = RandomTensor({batch, 2, 3}, 21), y;
    ProgramDesc loaded;
    Status s = RunModel(m, {{"x", x}}, "y", &y, &loaded);
    INFO(s.message());
    REQUIRE(s.ok());
    CHECK(y.dims() == DDim({batch, 6}));
    CHECK(ToVector(y) == ToVector(x));
    // The folded Unsqueeze is a weight, not an op; the constant Reshape shape became an attribute.
    int unsqueezes = 0;
    for (const auto& op : loaded.block0().ops) unsqueezes += op.type == "unsqueeze2";
    CHECK(unsqueezes == 1);
    REQUIRE(loaded.block0().FindVar("folded"));
    CHECK(loaded.block0().FindVar("folded")->persistable);
  }
}

TEST_CASE("ONNX Softmax before opset 13 flattens at axis", "[io][onnx]") {
  onnx::ModelProto m = NewModel(11);
  auto* g = m.mutable_graph();
  IntAttr(AddNode(g, "Softmax", {"x"}, {"y"}), "axis", 1);
  AddValueInfo(g->mutable_input(), "x", {2, 3, 4});
  AddValueInfo(g->mutable_output(), "y", {2, 3, 4});
  Tensor x = RandomTensor({2, 3, 4}, 31, -3, 3), y;
  Status s = RunModel(m, {{"x", x}}, "y", &y);
  INFO(s.message());
  REQUIRE(s.ok());
  std::vector<float> xv = ToVector(x), want(24);
  for (int n = 0; n < 2; ++n) {  // softmax over the 12 values of each sample
    double mx = -1e30, sum = 0;
    for (int i = 0; i < 12; ++i) mx = std::max<double>(mx, xv[n * 12 + i]);
    for (int i = 0; i < 12; ++i) sum += std::exp(xv[n * 12 + i] - mx);
    for (int i = 0; i < 12; ++i) want[n * 12 + i] = static_cast<float>(std::exp(xv[n * 12 + i] - mx) / sum);
  }
  CHECK(y.dims() == DDim({2, 3, 4}));
  CHECK(AllClose(ToVector(y), want, 1e-6f, 1e-5f));
}

TEST_CASE("ONNX initializers in external data files beside the model", "[io][onnx]") {
  std::string dir = "/tmp/ember_onnx_ext_" + std::to_string(getpid());
  mkdir(dir.c_str(), 0755);
  std::vector<float> vals = {1.5f, -2.f, 3.25f, 4.f};
  {
    std::ofstream f(dir + "/weights.bin", std::ios::binary);
    float pad = 0;
    f.write(reinterpret_cast<const char*>(&pad), 4);  // offset 4
    f.write(reinterpret_cast<const char*>(vals.data()), 16);
  }
  auto make = [&](const std::string& location, const std::string& length) {
    onnx::ModelProto m = NewModel(13);
    auto* g = m.mutable_graph();
    onnx::TensorProto* t = g->add_initializer();
    t->set_name("w");
    t->set_data_type(1);
    t->add_dims(4);
    t->set_data_location(1);
    auto* kv = t->add_external_data();
    kv->set_key("location");
    kv->set_value(location);
    kv = t->add_external_data();
    kv->set_key("offset");
    kv->set_value("4");
    kv = t->add_external_data();
    kv->set_key("length");
    kv->set_value(length);
    AddNode(g, "Add", {"x", "w"}, {"y"});
    AddValueInfo(g->mutable_input(), "x", {4});
    AddValueInfo(g->mutable_output(), "y", {4});
    std::ofstream f(dir + "/m.onnx", std::ios::binary);
    f << m.SerializeAsString();
  };
  make("weights.bin", "16");
  std::shared_ptr<const Model> model;
  Status s = Model::Load(dir + "/m.onnx", {}, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, {}, &p).ok());
  REQUIRE(p->SetInput("x", MakeTensor({4}, {1, 1, 1, 1})).ok());
  REQUIRE(p->Run().ok());
  const Tensor* y = nullptr;
  REQUIRE(p->GetOutput("y", &y).ok());
  CHECK(ToVector(*y) == std::vector<float>{2.5f, -1.f, 4.25f, 5.f});

  make("missing.bin", "16");
  s = Model::Load(dir + "/m.onnx", {}, &model);
  CHECK(s.code() == StatusCode::kNotFound);
  CHECK(s.message().find("missing.bin") != std::string::npos);
  make("weights.bin", "32");  // past the end of the file
  s = Model::Load(dir + "/m.onnx", {}, &model);
  CHECK(s.code() == StatusCode::kParseError);
  CHECK(s.message().find("past the end") != std::string::npos);
  make("../weights.bin", "16");
  s = Model::Load(dir + "/m.onnx", {}, &model);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("beside the model") != std::string::npos);

  // From memory there is no folder to read external data from (the working directory is not one).
  make("weights.bin", "16");
  std::vector<char> bytes = ReadFile(dir + "/m.onnx");
  s = Model::LoadFromMemory(bytes.data(), bytes.size(), nullptr, 0, {}, &model);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("loaded from memory") != std::string::npos);
}

TEST_CASE("ONNX import from a file holds each initializer once; file ranges read exactly", "[io][onnx]") {
  const std::string dir = "/tmp/ember_onnx_once_" + std::to_string(getpid());
  mkdir(dir.c_str(), 0755);
  onnx::ModelProto m = NewModel(13);
  auto* g = m.mutable_graph();
  std::vector<float> w(1000);
  for (size_t i = 0; i < w.size(); ++i) w[i] = 0.25f * static_cast<float>(i) - 7.f;
  onnx::TensorProto* t = g->add_initializer();
  t->set_name("w");
  t->set_data_type(1);
  t->add_dims(1000);
  t->set_raw_data(std::string(reinterpret_cast<const char*>(w.data()), w.size() * sizeof(float)));
  AddNode(g, "Add", {"x", "w"}, {"y"});
  AddValueInfo(g->mutable_input(), "x", {1000});
  AddValueInfo(g->mutable_output(), "y", {1000});
  const std::string path = dir + "/m.onnx";
  {
    std::ofstream f(path, std::ios::binary);
    f << m.SerializeAsString();
  }
  ProgramDesc program;
  Scope weights;
  Status s = ImportOnnxFile(path, &program, &weights);
  INFO(s.message());
  REQUIRE(s.ok());
  const Tensor& got = weights.FindVar("w")->Get();
  CHECK(ToVector(got) == w);
  CHECK(got.OwnsStorageAlone());  // no second copy kept by the importer (the executor frees packed filters so)

  std::string bytes, range;
  REQUIRE(ReadFileToString(path, &bytes).ok());
  CHECK(bytes == m.SerializeAsString());
  REQUIRE(ReadFileRange(path, 5, 100, &range).ok());
  CHECK(range == bytes.substr(5, 100));
  REQUIRE(ReadFileRange(path, 7, -1, &range).ok());
  CHECK(range == bytes.substr(7));
  CHECK(ReadFileRange(path, 7, static_cast<int64_t>(bytes.size()), &range).code() == StatusCode::kInvalidArgument);
  CHECK(ReadFileRange(path, static_cast<int64_t>(bytes.size()) + 1, 0, &range).code() ==
        StatusCode::kInvalidArgument);
  CHECK(ReadFileRange(dir + "/none", 0, 1, &range).code() == StatusCode::kNotFound);
  CHECK(ReadFileToString(dir, &range).code() == StatusCode::kInvalidArgument);  // a folder
  std::remove(path.c_str());
  rmdir(dir.c_str());
}

TEST_CASE("ONNX import errors name the node, op and attribute", "[io][onnx]") {
  ProgramDesc prog;
  Scope weights;
  SECTION("unsupported op type") {
    onnx::ModelProto m = NewModel(13);
    AddNode(m.mutable_graph(), "TfIdfVectorizer", {"x"}, {"y"}, "tfidf_1");
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {4});
    Status s = Import(m, &prog, &weights);
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("tfidf_1") != std::string::npos);
    CHECK(s.message().find("TfIdfVectorizer") != std::string::npos);
    CHECK(s.message().find("test.onnx") != std::string::npos);
  }
  SECTION("unsupported attribute value") {
    onnx::ModelProto m = NewModel(13);
    StringAttr(AddNode(m.mutable_graph(), "DepthToSpace", {"x"}, {"y"}, "d2s"), "mode", "XYZ");
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {1, 4, 2, 2});
    Status s = Import(m, &prog, &weights);
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("d2s") != std::string::npos);
    CHECK(s.message().find("mode = 'XYZ'") != std::string::npos);  // a string from the file, quoted
  }
  SECTION("unknown attribute") {
    onnx::ModelProto m = NewModel(13);
    IntAttr(AddNode(m.mutable_graph(), "Relu", {"x"}, {"y"}, "r"), "frobnicate", 1);
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {4});
    Status s = Import(m, &prog, &weights);
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("frobnicate") != std::string::npos);
  }
  SECTION("an input nothing defines") {
    onnx::ModelProto m = NewModel(13);
    AddNode(m.mutable_graph(), "Relu", {"nowhere"}, {"y"}, "r");
    Status s = Import(m, &prog, &weights);
    CHECK(s.code() == StatusCode::kParseError);
    CHECK(s.message().find("nowhere") != std::string::npos);
  }
  SECTION("opset out of range") {
    onnx::ModelProto m = NewModel(99);
    Status s = Import(m, &prog, &weights);
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("opset 99") != std::string::npos);
  }
  SECTION("runtime attribute-like input: Pad (opset 18) with runtime axes reads them when it runs") {
    onnx::ModelProto m = NewModel(18);
    AddNode(m.mutable_graph(), "Pad", {"x", "pads", "", "axes"}, {"y"}, "p");
    SetInts(m.mutable_graph()->add_initializer(), "pads", {1, 1});
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {4});
    AddValueInfo(m.mutable_graph()->mutable_input(), "axes", {1}, 7);
    Status s = Import(m, &prog, &weights);
    REQUIRE(s.ok());
    bool pad_with_axes = false;
    for (const auto& op : prog.block0().ops) pad_with_axes |= op.type == "pad" && op.HasInput("Axes");
    CHECK(pad_with_axes);
  }
  SECTION("garbage bytes") {
    std::string junk = "\xff\xff\xff\xff not a model";
    Status s = ImportOnnxBuffer(junk.data(), junk.size(), "junk.onnx", &prog, &weights);
    CHECK(s.code() == StatusCode::kParseError);
    CHECK(s.message().find("junk.onnx") != std::string::npos);
  }
  SECTION("missing file") {
    Status s = ImportOnnxFile("/nonexistent/model.onnx", &prog, &weights);
    CHECK(s.code() == StatusCode::kNotFound);
  }
}

TEST_CASE("ParseOnnxTensor reads every storage form and rejects wrong counts", "[io][onnx]") {
  Tensor t;
  std::string name;
  onnx::TensorProto tp;
  SetTensor(&tp, "f", {2, 2}, {1, 2, 3, 4});
  std::string buf = tp.SerializeAsString();
  REQUIRE(ParseOnnxTensor(buf.data(), buf.size(), "f.pb", &t, &name).ok());
  CHECK(name == "f");
  CHECK(t.dims() == DDim({2, 2}));
  CHECK(ToVector(t) == std::vector<float>{1, 2, 3, 4});

  onnx::TensorProto raw;
  raw.set_data_type(6);  // INT32 in raw_data
  raw.add_dims(3);
  int32_t iv[3] = {7, -8, 9};
  raw.set_raw_data(std::string(reinterpret_cast<const char*>(iv), sizeof(iv)));
  buf = raw.SerializeAsString();
  REQUIRE(ParseOnnxTensor(buf.data(), buf.size(), "i.pb", &t).ok());
  CHECK(t.dtype() == DataType::kInt32);
  CHECK(ToVector(t) == std::vector<float>{7, -8, 9});

  onnx::TensorProto b;
  b.set_data_type(9);  // BOOL in int32_data
  b.add_dims(2);
  b.add_int32_data(1);
  b.add_int32_data(0);
  buf = b.SerializeAsString();
  REQUIRE(ParseOnnxTensor(buf.data(), buf.size(), "b.pb", &t).ok());
  CHECK(t.dtype() == DataType::kBool);
  CHECK(ToVector(t) == std::vector<float>{1, 0});

  onnx::TensorProto bad;
  SetTensor(&bad, "bad", {3}, {1, 2});
  buf = bad.SerializeAsString();
  Status s = ParseOnnxTensor(buf.data(), buf.size(), "bad.pb", &t);
  CHECK(s.code() == StatusCode::kParseError);
  CHECK(s.message().find("bad.pb") != std::string::npos);

  onnx::TensorProto str;
  str.set_data_type(8);  // STRING
  str.add_dims(1);
  buf = str.SerializeAsString();
  s = ParseOnnxTensor(buf.data(), buf.size(), "s.pb", &t);
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("STRING") != std::string::npos);
}

TEST_CASE("ONNX converter table: valid, non-overlapping opset ranges; the usual ops are listed", "[io][onnx]") {
  std::vector<ConverterInfo> rows = OnnxConverterList();
  REQUIRE(rows.size() > 50);
  std::vector<std::string> bad;
  for (size_t i = 0; i < rows.size(); ++i) {
    const ConverterInfo& r = rows[i];
    if (r.op_type.empty() || r.min_version < 1 || r.max_version > kOnnxMaxOpset || r.min_version > r.max_version)
      bad.push_back(StrCat("row ", i, " ", r.op_type, " [", r.min_version, ", ", r.max_version, "]"));
    for (size_t j = i + 1; j < rows.size(); ++j) {
      const ConverterInfo& o = rows[j];
      if (o.op_type == r.op_type && o.min_version <= r.max_version && r.min_version <= o.max_version)
        bad.push_back(StrCat(r.op_type, ": rows ", i, " and ", j, " overlap"));
    }
  }
  std::string listed;
  for (const auto& b : bad) listed += b + "; ";
  INFO(listed);
  CHECK(bad.empty());
  // Which rows cover opset 13 for an op type.
  auto covers = [&](const std::string& op, int opset) {
    int n = 0;
    for (const auto& r : rows)
      if (r.op_type == op && r.min_version <= opset && opset <= r.max_version) ++n;
    return n;
  };
  CHECK(covers("Conv", 13) == 1);
  CHECK(covers("Relu", 13) == 1);
  CHECK(covers("Reshape", 13) == 1);
  CHECK(covers("Reshape", 4) == 1);  // the attribute form
  CHECK(covers("Softmax", 11) == 1);
  CHECK(covers("TfIdfVectorizer", 13) == 0);
}

TEST_CASE("ONNX Gemm by constant weights becomes fc: no C, a scalar C, a [1, N] C, transB 0 and 1", "[io][onnx]") {
  const int M = 3, K = 5, N = 4;
  for (int variant = 0; variant < 4; ++variant) {
    INFO("variant " << variant);
    const bool tb = variant % 2 == 1;
    onnx::ModelProto m = NewModel(13);
    auto* g = m.mutable_graph();
    Tensor b = RandomTensor(tb ? DDim({N, K}) : DDim({K, N}), 21);
    SetTensor(g->add_initializer(), "b", tb ? std::vector<int64_t>{N, K} : std::vector<int64_t>{K, N}, ToVector(b));
    std::vector<std::string> ins = {"a", "b"};
    std::vector<float> cv;
    if (variant == 1) cv = {0.75f}, SetTensor(g->add_initializer(), "c", {}, cv);
    if (variant >= 2) cv = ToVector(RandomTensor({N}, 22)), SetTensor(g->add_initializer(), "c", {1, N}, cv);
    if (!cv.empty()) ins.push_back("c");
    auto* gemm = AddNode(g, "Gemm", ins, {"y"});
    IntAttr(gemm, "transB", tb);
    FloatAttr(gemm, "alpha", 1.5f);
    AddValueInfo(g->mutable_input(), "a", {M, K});
    AddValueInfo(g->mutable_output(), "y", {M, N});
    Tensor a = RandomTensor({M, K}, 23), y;
    ProgramDesc loaded;
    Status s = RunModel(m, {{"a", a}}, "y", &y, &loaded);
    INFO(s.message());
    REQUIRE(s.ok());
    CHECK(FindOp(loaded, "fc"));
    std::vector<float> av = ToVector(a), bv = ToVector(b), want(M * N);
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double acc = 0;
        for (int k = 0; k < K; ++k) acc += av[i * K + k] * bv[tb ? j * K + k : k * N + j];
        const float c = cv.empty() ? 0.f : cv[cv.size() == 1 ? 0 : j];
        want[i * N + j] = static_cast<float>(1.5 * acc + c);
      }
    std::string why;
    CHECK(AllClose(ToVector(y), want, 1e-5f, 1e-5f, &why));
    INFO(why);
  }
}

TEST_CASE("ONNX unknown op: the error names the format, op type, node and opset", "[io][onnx]") {
  ProgramDesc prog;
  Scope weights;
  SECTION("no converter at all") {
    onnx::ModelProto m = NewModel(13);
    AddNode(m.mutable_graph(), "MyOp", {"x"}, {"y"}, "conv_7");
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {4});
    Status s = Import(m, &prog, &weights);
    INFO(s.message());
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("ONNX node 'conv_7' ('MyOp', opset 13): no converter for 'MyOp' at opset 13") !=
          std::string::npos);
    CHECK(s.message().find("test.onnx") != std::string::npos);
    CHECK(s.message().find("converters for opsets") == std::string::npos);
  }
  SECTION("every op type without a converter is named, before any node is converted") {
    onnx::ModelProto m = NewModel(13);
    AddNode(m.mutable_graph(), "Relu", {"x"}, {"r"}, "r");
    AddNode(m.mutable_graph(), "MyOp", {"r"}, {"a"}, "a");
    AddNode(m.mutable_graph(), "Other", {"a"}, {"b"}, "b");
    AddNode(m.mutable_graph(), "MyOp", {"b"}, {"y"}, "c");
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {4});
    Status s = Import(m, &prog, &weights);
    INFO(s.message());
    CHECK(s.message().find("ONNX node 'a' ('MyOp', opset 13): no converter for 'MyOp' at opset 13 in this build "
                           "(net profile '" + std::string(EMBER_NET_PROFILE) + "'); nor for 'Other'") !=
          std::string::npos);
  }
  SECTION("converters only for other opsets") {
    onnx::ModelProto m = NewModel(13);
    AddNode(m.mutable_graph(), "Gelu", {"x"}, {"y"}, "g");
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {4});
    Status s = Import(m, &prog, &weights);
    INFO(s.message());
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("no converter for 'Gelu' at opset 13") != std::string::npos);
    CHECK(s.message().find("it has converters for opsets 20-28") != std::string::npos);
    // The same node at an opset the row covers imports.
    onnx::ModelProto m20 = NewModel(20);
    AddNode(m20.mutable_graph(), "Gelu", {"x"}, {"y"}, "g");
    AddValueInfo(m20.mutable_graph()->mutable_input(), "x", {4});
    AddValueInfo(m20.mutable_graph()->mutable_output(), "y", {4});
    Status ok = Import(m20, &prog, &weights);
    INFO(ok.message());
    CHECK(ok.ok());
    CHECK(prog.source_op_types == std::set<std::string>{"Gelu"});  // what `ember profile` lists
  }
}

TEST_CASE("ONNX errors quote names from the file: control bytes escaped, backslashes doubled", "[io][onnx]") {
  ProgramDesc prog;
  Scope weights;
  SECTION("node name with a terminal escape") {
    onnx::ModelProto m = NewModel(13);
    AddNode(m.mutable_graph(), "MyOp", {"x"}, {"y"}, "red\x1b[31m");
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {4});
    Status s = Import(m, &prog, &weights);
    INFO(s.message());
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("'red\\x1b[31m'") != std::string::npos);
    CHECK(s.message().find('\x1b') == std::string::npos);
  }
  SECTION("a literal backslash in a name stays distinguishable from an escaped byte") {
    onnx::ModelProto m = NewModel(13);
    AddNode(m.mutable_graph(), "Relu", {"in\\x41"}, {"y"}, "r");
    Status s = Import(m, &prog, &weights);
    INFO(s.message());
    CHECK(s.code() == StatusCode::kParseError);
    CHECK(s.message().find("'in\\\\x41'") != std::string::npos);
  }
  SECTION("attribute name and string value") {
    onnx::ModelProto m = NewModel(13);
    IntAttr(AddNode(m.mutable_graph(), "Relu", {"x"}, {"y"}, "r"), "odd\x07name", 1);
    AddValueInfo(m.mutable_graph()->mutable_input(), "x", {4});
    Status s = Import(m, &prog, &weights);
    INFO(s.message());
    CHECK(s.message().find("attribute 'odd\\x07name' is not supported") != std::string::npos);
    onnx::ModelProto p = NewModel(13);
    StringAttr(AddNode(p.mutable_graph(), "Pad", {"x", "pads"}, {"y"}, "p"), "mode", "wrap\x1b");
    SetInts(p.mutable_graph()->add_initializer(), "pads", {1, 1});
    AddValueInfo(p.mutable_graph()->mutable_input(), "x", {4});
    s = Import(p, &prog, &weights);
    INFO(s.message());
    CHECK(s.message().find("mode = 'wrap\\x1b' is not supported") != std::string::npos);
    CHECK(s.message().find('\x1b') == std::string::npos);
  }
}

// Quantized element types Ember does not hold are refused at load, naming the type (ONNX 1.23's node tests).
TEST_CASE("ONNX QuantizeLinear / DequantizeLinear to int4, int16, float8: the error names the type", "[io][onnx]") {
  const std::string root = ModelsDir() + "/onnx-node-1.23/";
  struct Case { const char* test; const char* type; };
  for (Case cs : {Case{"test_quantizelinear_int4", "INT4"}, Case{"test_dequantizelinear_uint4", "UINT4"},
                  Case{"test_quantizelinear_int16", "INT16"}, Case{"test_dequantizelinear_e4m3fn", "FLOAT8E4M3FN"},
                  Case{"test_quantizelinear_e5m2", "FLOAT8E5M2"}}) {
    const std::string path = root + cs.test + "/model.onnx";
    std::ifstream f(path);
    if (!f) FAIL("the ONNX 1.23 node tests are absent: " << path);
    std::shared_ptr<const Model> m;
    Status s = Model::Load(path, {}, &m);
    INFO(cs.test << ": " << s.message());
    CHECK_FALSE(s.ok());
    CHECK(s.message().find(cs.type) != std::string::npos);
  }
}

namespace {

// An initializer of int8 / uint8 / int32 values (raw little-endian bytes).
void SetIntTensor(onnx::TensorProto* t, const std::string& name, int type, const std::vector<int64_t>& dims,
                  const std::vector<int>& values) {
  t->set_name(name);
  t->set_data_type(type);
  for (int64_t d : dims) t->add_dims(d);
  std::string raw;
  for (int v : values) {
    if (type == 6) raw.append(reinterpret_cast<const char*>(&v), 4);
    else raw.push_back(static_cast<char>(v));
  }
  t->set_raw_data(raw);
}

double RoundHalfEven(double v) {
  const double f = std::floor(v), d = v - f;
  if (d != 0.5) return d < 0.5 ? f : f + 1;
  return std::fmod(f, 2.0) == 0 ? f : f + 1;
}

}  // namespace

TEST_CASE("ONNX QLinearConv: integer convolution plus bias, requantized per output channel or per tensor",
          "[io][onnx][quantize]") {
  const int64_t C = 3, O = 4, H = 5, W = 6, K = 3;
  std::mt19937 rng(5);
  std::vector<int> xv, wv, bias;
  for (int64_t i = 0; i < C * H * W; ++i) xv.push_back(static_cast<int>(rng() % 256) - 128);
  for (int64_t i = 0; i < O * C * K * K; ++i) wv.push_back(static_cast<int>(rng() % 256) - 128);
  for (int64_t o = 0; o < O; ++o) bias.push_back(static_cast<int>(rng() % 2001) - 1000);
  for (bool per_channel : {true, false}) {
    INFO("per channel " << per_channel);
    const std::vector<float> ws = per_channel ? std::vector<float>{0.002f, 0.003f, 0.0025f, 0.004f}
                                              : std::vector<float>{0.003f};
    const std::vector<int> wz = per_channel ? std::vector<int>{0, 1, -2, 3} : std::vector<int>{-1};
    const float xs = 0.05f, ys = 0.09f;
    const int xz = 3, yz = -5;
    onnx::ModelProto m = NewModel(13);
    auto* g = m.mutable_graph();
    const std::vector<int64_t> sd = per_channel ? std::vector<int64_t>{O} : std::vector<int64_t>{};
    SetTensor(g->add_initializer(), "xs", {}, {xs});
    SetIntTensor(g->add_initializer(), "xz", 3, {}, {xz});
    SetIntTensor(g->add_initializer(), "w", 3, {O, C, K, K}, wv);
    SetTensor(g->add_initializer(), "ws", sd, ws);
    SetIntTensor(g->add_initializer(), "wz", 3, sd, wz);
    SetTensor(g->add_initializer(), "ys", {}, {ys});
    SetIntTensor(g->add_initializer(), "yz", 3, {}, {yz});
    SetIntTensor(g->add_initializer(), "b", 6, {O}, bias);
    auto* n = AddNode(g, "QLinearConv", {"x", "xs", "xz", "w", "ws", "wz", "ys", "yz", "b"}, {"y"});
    IntsAttr(n, "pads", {1, 1, 1, 1});
    AddValueInfo(g->mutable_input(), "x", {1, C, H, W}, 3);
    AddValueInfo(g->mutable_output(), "y", {1, O, H, W}, 3);
    Tensor x(DataType::kInt8, DDim({1, C, H, W})), y;
    for (size_t i = 0; i < xv.size(); ++i) x.mutable_data<int8_t>()[i] = static_cast<int8_t>(xv[i]);
    Status s = RunModel(m, {{"x", x}}, "y", &y);
    INFO(s.message());
    REQUIRE(s.ok());
    REQUIRE(y.dtype() == DataType::kInt8);
    for (int64_t o = 0; o < O; ++o)
      for (int64_t i = 0; i < H; ++i)
        for (int64_t j = 0; j < W; ++j) {
          int64_t acc = bias[o];
          for (int64_t c = 0; c < C; ++c)
            for (int64_t a = 0; a < K; ++a)
              for (int64_t b = 0; b < K; ++b) {
                const int64_t ii = i + a - 1, jj = j + b - 1;
                if (ii < 0 || jj < 0 || ii >= H || jj >= W) continue;
                acc += (xv[(c * H + ii) * W + jj] - xz) * (wv[((o * C + c) * K + a) * K + b] - wz[per_channel ? o : 0]);
              }
          const float mult = xs * ws[per_channel ? o : 0] / ys;  // float32, as the reference's scales
          const double want = std::max(-128.0, std::min(127.0, RoundHalfEven(static_cast<double>(acc) * mult) + yz));
          CHECK(y.data<int8_t>()[(o * H + i) * W + j] == want);
        }
  }
}
