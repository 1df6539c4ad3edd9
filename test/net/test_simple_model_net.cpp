// pl_simple_model: conv2d -> batch_norm -> relu with random weights, `.pdmodel` + `.pdiparams`.
#include "net_util.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("pl_simple_model matches the reference output, fused and as loaded", "[net][simple_model]") {
  REQUIRE_MODELS();
  std::string dir = ModelsDir() + "/paddle/pl_simple_model";
  std::shared_ptr<const Model> model = LoadForComparison(dir);
  Tensor input = MakeTensor({1, 3, 224, 224}, ReadFloats(dir + "/refdata_npref/input_image.bin"));
  std::vector<float> want = ReadFloats(dir + "/refdata_npref/output_batch_norm_0.tmp_3.bin");
  REQUIRE(want.size() == 32u * 112 * 112);
  std::string why;
  for (bool loaded : {false, true}) {
    DDim dims;
    std::vector<float> got = RunNet(model, "image", input, "batch_norm_0.tmp_3", loaded, &dims);
    INFO("loaded program: " << loaded);
    CHECK(dims == DDim({1, 32, 112, 112}));
    CHECK(AllClose(got, want, 1e-4f, 1e-4f, &why));
    INFO(why);
    CHECK(ArgMax(got) == 166467);
  }
  CHECK(model->program().block0().ops.size() < model->programs().loaded.block0().ops.size());
}
