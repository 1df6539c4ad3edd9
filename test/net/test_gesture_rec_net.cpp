// paddlejs_gesture_rec: a trained MobileNetV2-style gesture recognizer, `__model__` + combined `params`.
#include "net_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("gesture recognizer matches the reference output, fused and as loaded", "[net][gesture_rec]") {
  REQUIRE_MODELS();
  std::string dir = ModelsDir() + "/paddle/paddlejs_gesture_rec";
  std::shared_ptr<const Model> model = LoadForComparison(dir);
  Tensor input = MakeTensor({1, 3, 224, 224}, ReadFloats(dir + "/refdata_npref/input_img.bin"));
  std::vector<float> want = ReadFloats(dir + "/refdata_npref/output_save_infer_model_scale_0.bin");
  REQUIRE(want.size() == 9);
  std::string why;
  for (bool loaded : {false, true}) {
    for (int threads : {1, 2}) {
      DDim dims;
      std::vector<float> got = RunNet(model, "img", input, "save_infer_model/scale_0", loaded, &dims, threads);
      INFO("loaded program: " << loaded << ", threads " << threads);
      CHECK(dims == DDim({1, 9}));
      CHECK(AllClose(got, want, 1e-4f, 1e-4f, &why));
      INFO(why);
    }
  }
  // batch_norm folded into the convolutions.
  auto before = model->programs().loaded.OpTypeCounts(), after = model->program().OpTypeCounts();
  CHECK(before["batch_norm"] > 0);
  CHECK(after.count("batch_norm") == 0);
}
