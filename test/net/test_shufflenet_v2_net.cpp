// ShuffleNetV2 (ncnn's shufflenet_v2.param, generated weights): the shufflenet_v2 profile.
// Compared with an independent reference (net_reference.h): the program as loaded without passes on the
// portable kernels in the full build; in the slim build the optimized program on the portable kernels.
#include "net_reference.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("shufflenet_v2: optimized equals the reference", "[net][shufflenet_v2]") {
  CheckNetAgainstReference(ModelsDir() + "/../bench/ncnn/shufflenet_v2.param", true, NetInputSize(96), {1, 1000});
}
