// MobileNetV2 three ways: ncnn's mobilenet_v2.param, Paddle.js's and Tengine's Paddle programs (generated weights).
// Compared with an independent reference (net_reference.h): the program as loaded without passes on the
// portable kernels in the full build; in the slim build the optimized program on the portable kernels.
#include "net_reference.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("mobilenet_v2: ncnn graph, optimized equals the reference", "[net][mobilenet_v2]") {
  CheckNetAgainstReference(ModelsDir() + "/../bench/ncnn/mobilenet_v2.param", true, NetInputSize(96), {1, 1000});
}

TEST_CASE("mobilenet_v2: Paddle programs, optimized equal the reference", "[net][mobilenet_v2]") {
  REQUIRE_MODELS();
  CheckNetAgainstReference(ModelsDir() + "/paddle/graphs/paddlejs_mobilenetv2", true, NetInputSize(96), {1, 1000, 1, 1});
  CheckNetAgainstReference(ModelsDir() + "/paddle/graphs/tengine_inference", true, NetInputSize(96), {1, 1000});
}
