// Each pass's `emits` (src/passes/passes.cpp) is what `ember profile` adds to a net profile for the ops the
// passes may create: on every real model, the op types after the passes must be ones the program as loaded
// had or ones OpsPassesMayEmit names for it, or a slim build made from the profile would miss an op.
#include <catch2/catch.hpp>

#include "io/ember.h"
#include "passes/passes.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("OpsPassesMayEmit: a pass's emits only for programs holding what it acts on", "[passes]") {
  CHECK(OpsPassesMayEmit({"mul", "relu"}) == std::vector<std::string>{"fc"});
  CHECK(OpsPassesMayEmit({"dropout", "conv2d"}) == std::vector<std::string>{"layout_transform", "scale"});
  CHECK(OpsPassesMayEmit({"relu", "softmax"}).empty());
}

TEST_CASE("every op the passes add to a real model is in its profile", "[passes]") {
  REQUIRE_MODELS();
  const std::string m = ModelsDir();
  const std::pair<std::string, bool> models[] = {
      {m + "/paddle/pl_simple_model", false},         {m + "/paddle/paddlejs_gesture_rec", false},
      {m + "/paddle/mnist_mlp_handwriting", false},   {m + "/onnx/mnist/mnist.onnx", false},
      {m + "/onnx/ultraface/version-RFB-320.onnx", false}, {m + "/paddle/graphs/paddle_infer_python", true},
      {m + "/paddle/graphs/paddledet_openvino", true}, {m + "/paddle/graphs/paddleclas_inference", true},
      {m + "/../bench/ncnn/mobilenet_v2.param", true}, {m + "/../bench/ncnn/squeezenet.param", true},
  };
  for (const auto& [path, graph_only] : models) {
    ModelOptions mo;
    mo.generate_weights = graph_only;
    std::shared_ptr<const Model> model;
    Status s = Model::Load(path, mo, &model);
    INFO(path << ": " << s.message());
    REQUIRE(s.ok());
    std::set<std::string> loaded;
    for (const auto& kv : model->programs().loaded.OpTypeCounts()) loaded.insert(kv.first);
    const std::vector<std::string> may = OpsPassesMayEmit(loaded);
    for (const auto& kv : model->program().OpTypeCounts()) {
      INFO("op " << kv.first << " after the passes");
      CHECK((loaded.count(kv.first) || std::count(may.begin(), may.end(), kv.first)));
    }
  }
}
