// mnist_mlp_handwriting: a trained MNIST MLP, separate params (one file per weight). infer_3.png is a 3.
#include "net_util.h"

#include "framework/op_registry.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("mnist MLP recognises the 3 and matches the reference output", "[net][mnist]") {
  REQUIRE_MODELS();
  std::string dir = ModelsDir() + "/paddle/mnist_mlp_handwriting";
  std::shared_ptr<const Model> model = LoadForComparison(dir);
  Tensor input = MakeTensor({1, 1, 28, 28}, ReadFloats(dir + "/refdata_npref/input_image.bin"));
  std::vector<float> want = ReadFloats(dir + "/refdata_npref/output_save_infer_model_scale_0.tmp_4.bin");
  REQUIRE(want.size() == 10);
  const std::string out = "save_infer_model/scale_0.tmp_4";
  DDim dims;
  std::vector<float> got = RunNet(model, "image", input, out, false, &dims);
  std::string why;
  CHECK(dims == DDim({1, 10}));
  CHECK(AllClose(got, want, 1e-4f, 1e-4f, &why));
  INFO(why);
  CHECK(ArgMax(got) == 3);
  // The program as loaded (no fusion) gives the same answer.
  CHECK(AllClose(RunNet(model, "image", input, out, true), want, 1e-4f, 1e-4f, &why));
  // The passes fused mul + elementwise_add (+ relu) into fc and removed the identity scale.
  auto counts = model->program().OpTypeCounts();
  CHECK(counts["fc"] == 3);
  CHECK(counts.count("mul") == 0);
  CHECK(counts.count("scale") == 0);
}

TEST_CASE("mnist MLP runs a batch of 4 after a batch of 1", "[net][mnist]") {
  REQUIRE_MODELS();
  std::string dir = ModelsDir() + "/paddle/mnist_mlp_handwriting";
  std::shared_ptr<const Model> model;
  REQUIRE(Model::Load(dir, {}, &model).ok());
  std::vector<float> one = ReadFloats(dir + "/refdata_npref/input_image.bin");
  std::vector<float> four;
  for (int i = 0; i < 4; ++i) four.insert(four.end(), one.begin(), one.end());
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, {}, &p).ok());
  REQUIRE(p->SetInput("image", MakeTensor({1, 1, 28, 28}, one)).ok());
  REQUIRE(p->Run().ok());
  REQUIRE(p->SetInput("image", MakeTensor({4, 1, 28, 28}, four)).ok());
  REQUIRE(p->Run().ok());
  const Tensor* out = nullptr;
  REQUIRE(p->GetOutput("save_infer_model/scale_0.tmp_4", &out).ok());
  REQUIRE(out->dims() == DDim({4, 10}));
  std::vector<float> v = ToVector(*out);
  for (int i = 0; i < 4; ++i) CHECK(ArgMax(std::vector<float>(v.begin() + i * 10, v.begin() + i * 10 + 10)) == 3);
}

TEST_CASE("a slim build names every op it lacks; the full build loads the same model", "[net][mnist]") {
  REQUIRE_MODELS();
  std::shared_ptr<const Model> model;
  Status s = Model::Load(ModelsDir() + "/paddle/paddlejs_gesture_rec", {}, &model);
  if (FindOpCreator("conv2d")) {
    CHECK(s.ok());
  } else {  // the mnist profile: mul, elementwise_add, relu, softmax, scale, fc only
    // Needed: the ops after the passes (batch_norm folds into conv2d, relu6 into the convs' epilogue).
    CHECK(s.code() == StatusCode::kUnimplemented);
    CHECK(s.message().find("ops not in this build: concat, conv2d, depthwise_conv2d, pool2d (net profile 'mnist')") !=
          std::string::npos);
    // Without the passes the program as loaded runs: its own ops are named.
    ModelOptions no_passes;
    no_passes.optimize = false;
    s = Model::Load(ModelsDir() + "/paddle/paddlejs_gesture_rec", no_passes, &model);
    CHECK(s.message().find("ops not in this build: batch_norm, concat, conv2d, depthwise_conv2d, pool2d, relu6") !=
          std::string::npos);
  }
}
