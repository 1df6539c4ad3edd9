// Model::LoadFromMemory tells the format from the buffer's first bytes: ONNX and ncnn models load from memory
// as from files (the Java API's fromBytes / fromStreams rely on it).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "io/ember.h"
#include "io/ember_c.h"
#include "io/onnx/onnx_importer.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// Runs `model`'s first feed on `input` and copies its first fetch into *out.
Status RunFirst(const std::shared_ptr<const Model>& model, const Tensor& input, Tensor* out) {
  std::unique_ptr<Predictor> p;
  EMBER_RETURN_IF_ERROR(Predictor::Create(model, {}, &p));
  EMBER_RETURN_IF_ERROR(p->SetInput(model->FeedNames()[0], input));
  EMBER_RETURN_IF_ERROR(p->Run());
  const Tensor* t = nullptr;
  EMBER_RETURN_IF_ERROR(p->GetOutput(model->FetchNames()[0], &t));
  return out->CopyFrom(*t);
}

Tensor ReadOnnxTensor(const std::string& path) {
  std::vector<char> buf = ReadFile(path);
  Tensor t;
  Status s = ParseOnnxTensor(buf.data(), buf.size(), path, &t);
  INFO(s.message());
  REQUIRE(s.ok());
  return t;
}

}  // namespace

TEST_CASE("an ONNX model from memory gives its test data set's output", "[io][memory]") {
  REQUIRE(HaveModels());
  const std::string dir = ModelsDir() + "/onnx/mnist";
  std::vector<char> bytes = ReadFile(dir + "/mnist.onnx");
  std::shared_ptr<const Model> model;
  Status s = Model::LoadFromMemory(bytes.data(), bytes.size(), nullptr, 0, {}, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(model->program().format == "onnx");
  Tensor out;
  REQUIRE(RunFirst(model, ReadOnnxTensor(dir + "/test_data_set_0/input_0.pb"), &out).ok());
  Tensor expected = ReadOnnxTensor(dir + "/test_data_set_0/output_0.pb");
  REQUIRE(out.numel() == expected.numel());
  for (int64_t i = 0; i < out.numel(); ++i) CHECK(std::fabs(out.data<float>()[i] - expected.data<float>()[i]) < 1e-3f);

  // An ONNX model keeps its weights inside: a params buffer is a mistake, said so.
  s = Model::LoadFromMemory(bytes.data(), bytes.size(), "xx", 2, {}, &model);
  CHECK(s.code() == StatusCode::kInvalidArgument);
  CHECK(s.message().find("ONNX") != std::string::npos);
  // Truncated: a parse error, not a crash.
  s = Model::LoadFromMemory(bytes.data(), bytes.size() / 2, nullptr, 0, {}, &model);
  CHECK_FALSE(s.ok());

  // The C API takes the same path.
  ember_model* cm = nullptr;
  REQUIRE(ember_model_load_from_memory(bytes.data(), bytes.size(), nullptr, 0, &cm) == EMBER_OK);
  CHECK(ember_model_num_inputs(cm) == 1);
  ember_model_free(cm);
}

TEST_CASE("an ncnn .param from memory loads as the file does", "[io][memory]") {
  const std::string path = std::string(EMBER_SOURCE_DIR) + "/../shared/bench/ncnn/squeezenet.param";
  std::vector<char> text = ReadFile(path);
  REQUIRE(!text.empty());
  ModelOptions mo;
  mo.generate_weights = true;  // the benchmark graphs come without weights; both loads generate the same ones
  std::shared_ptr<const Model> from_file, from_memory;
  REQUIRE(Model::Load(path, mo, &from_file).ok());
  Status s = Model::LoadFromMemory(text.data(), text.size(), nullptr, 0, mo, &from_memory);
  INFO(s.message());
  REQUIRE(s.ok());
  CHECK(from_memory->program().format == "ncnn");
  Tensor x = RandomTensor(DDim{1, 3, 64, 64}, 5);
  Tensor a, b;
  REQUIRE(RunFirst(from_file, x, &a).ok());
  REQUIRE(RunFirst(from_memory, x, &b).ok());
  REQUIRE(a.numel() == b.numel());
  CHECK(std::equal(a.data<float>(), a.data<float>() + a.numel(), b.data<float>()));
  // Without weights and without generate_weights: an error naming the missing .bin, not a crash.
  CHECK_FALSE(Model::LoadFromMemory(text.data(), text.size(), nullptr, 0, {}, &from_memory).ok());
}
