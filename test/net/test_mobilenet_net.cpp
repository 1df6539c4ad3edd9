// MobileNet v1 (ncnn's benchmark graph mobilenet.param, generated weights): the mobilenet profile.
// Compared with an independent reference (net_reference.h): the program as loaded without passes on the
// portable kernels in the full build; in the slim build the optimized program on the portable kernels.
#include "net_reference.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("mobilenet: optimized equals the reference", "[net][mobilenet]") {
  CheckNetAgainstReference(ModelsDir() + "/../bench/ncnn/mobilenet.param", true, NetInputSize(96), {1, 1000});
}

TEST_CASE("mobilenet: a network needing layers outside the build fails at load naming them", "[net][mobilenet]") {
  // ShuffleNetV2 adds Concat, ShuffleChannel, Slice and Split layers (shufflenet_v2.param) to what MobileNet has: the
  // mobilenet profile has neither their converters nor their ops; a full build loads it.
  CheckMissingConvertersNamed(ModelsDir() + "/../bench/ncnn/shufflenet_v2.param", true,
                              {"Concat", "ShuffleChannel", "Slice", "Split"});
}
