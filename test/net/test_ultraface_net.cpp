// Ultra-Light-Fast-Generic-Face-Detector RFB-320 (ONNX, opset 9): its test_data_set_0 (1.jpg preprocessed)
// must give the reference scores and boxes within 1e-4.
#include "net_util.h"

#include "io/onnx_test_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("ultraface RFB-320 matches test_data_set_0 within 1e-4", "[net][onnx][ultraface]") {
  REQUIRE_MODELS();
  std::string dir = ModelsDir() + "/onnx/ultraface";
  std::shared_ptr<const Model> model;
  ModelOptions mo;
  mo.keep_loaded_program = true;  // also run the program as loaded (no passes) for comparison
  Status s = Model::Load(dir + "/version-RFB-320.onnx", mo, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  Tensor input, want0, want1;
  REQUIRE(ReadOnnxTensorFile(dir + "/test_data_set_0/input_0.pb", &input).ok());
  REQUIRE(ReadOnnxTensorFile(dir + "/test_data_set_0/output_0.pb", &want0).ok());
  REQUIRE(ReadOnnxTensorFile(dir + "/test_data_set_0/output_1.pb", &want1).ok());
  REQUIRE(model->FeedNames().size() == 1);
  REQUIRE(model->FetchNames().size() == 2);
  for (bool loaded : {false, true}) {
    std::unique_ptr<Predictor> p;
    PredictorOptions po;
    po.use_loaded_program = loaded;
    po.threads = 2;
    s = Predictor::Create(model, po, &p);
    INFO(s.message());
    REQUIRE(s.ok());
    REQUIRE(p->SetInput(model->FeedNames()[0], input).ok());
    s = p->Run();
    INFO(s.message());
    REQUIRE(s.ok());
    const Tensor* got0 = nullptr;
    const Tensor* got1 = nullptr;
    REQUIRE(p->GetOutput(model->FetchNames()[0], &got0).ok());
    REQUIRE(p->GetOutput(model->FetchNames()[1], &got1).ok());
    CHECK(got0->dims() == want0.dims());
    CHECK(got1->dims() == want1.dims());
    float e0 = MaxAbsDiff(*got0, want0), e1 = MaxAbsDiff(*got1, want1);
    UNSCOPED_INFO("ultraface " << (loaded ? "loaded" : "optimized") << " program: max abs error scores " << e0
                               << ", boxes " << e1);
    CHECK(e0 <= 1e-4f);
    CHECK(e1 <= 1e-4f);
    std::printf("ultraface (%s program): max abs error scores %.3g, boxes %.3g\n",
                loaded ? "loaded" : "optimized", e0, e1);
  }
}
