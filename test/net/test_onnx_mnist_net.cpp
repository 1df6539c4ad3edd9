// The ONNX model zoo's MNIST CNN (Conv, Relu, MaxPool, Reshape, MatMul, Add) on its test_data_set_0,
// which is a 3: Ember's output must match the reference output.pb.
#include "net_util.h"

#include "io/onnx_test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("ONNX MNIST CNN recognises the 3 and matches test_data_set_0", "[net][onnx][mnist]") {
  REQUIRE_MODELS();
  std::string dir = ModelsDir() + "/onnx/mnist";
  std::shared_ptr<const Model> model;
  ModelOptions mo;
  mo.keep_loaded_program = true;  // also run the program as loaded (no passes) for comparison
  Status s = Model::Load(dir + "/mnist.onnx", mo, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  Tensor input, want;
  REQUIRE(ReadOnnxTensorFile(dir + "/test_data_set_0/input_0.pb", &input).ok());
  REQUIRE(ReadOnnxTensorFile(dir + "/test_data_set_0/output_0.pb", &want).ok());
  REQUIRE(model->FeedNames().size() == 1);
  REQUIRE(model->FetchNames().size() == 1);
  for (bool loaded : {false, true}) {
    DDim dims;
    std::vector<float> got = RunNet(model, model->FeedNames()[0], input, model->FetchNames()[0], loaded, &dims);
    CHECK(dims == want.dims());
    std::string why;
    CHECK(AllClose(got, ToVector(want), 1e-3f, 1e-4f, &why));
    INFO(why);
    CHECK(ArgMax(got) == 3);
  }
}

TEST_CASE("ONNX MNIST: a truncated model file is a parse error naming the file", "[net][onnx][mnist]") {
  REQUIRE_MODELS();
  std::string path = ModelsDir() + "/onnx/mnist/mnist.onnx";
  std::string buf;
  {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    REQUIRE(f);
    char chunk[65536];
    size_t n;
    while ((n = std::fread(chunk, 1, sizeof(chunk), f)) > 0) buf.append(chunk, n);
    std::fclose(f);
  }
  ProgramDesc prog;
  Scope weights;
  Status s = ImportOnnxBuffer(buf.data(), buf.size() / 2, "half.onnx", &prog, &weights);
  CHECK_FALSE(s.ok());
  CHECK(s.message().find("half.onnx") != std::string::npos);
}
