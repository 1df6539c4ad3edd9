// ResNet-18 and ResNet-50 (ncnn graphs) and PaddleClas garbage_cls (ResNet50 classifier).
// Compared with an independent reference (net_reference.h): the program as loaded without passes on the
// portable kernels in the full build; in the slim build the optimized program on the portable kernels.
#include "net_reference.h"

using namespace ember;
using namespace ember::test;

// ncnn's ResNets end in a 7x7 average pool (not a global one): 224x224 is their smallest input, so a smaller
// EMBER_NET_INPUT_SIZE leaves them at 224. A smaller size asks for a short run (ASan, qemu): resnet50 then stays
// out, its layer types are resnet18's and its bottlenecks garbage_cls's below.
TEST_CASE("resnet: ncnn resnet18 and resnet50, optimized equal the reference", "[net][resnet]") {
  CheckNetAgainstReference(ModelsDir() + "/../bench/ncnn/resnet18.param", true, 224, {1, 1000});
  if (NetInputSize(224) >= 224)
    CheckNetAgainstReference(ModelsDir() + "/../bench/ncnn/resnet50.param", true, 224, {1, 1000});
}

TEST_CASE("resnet: Paddle garbage_cls (ResNet50), optimized equals the reference", "[net][resnet]") {
  REQUIRE_MODELS();
  CheckNetAgainstReference(ModelsDir() + "/paddle/graphs/garbage_cls", true, NetInputSize(64), {1, 40});  // 40 classes
}
