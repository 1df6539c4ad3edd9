// SqueezeNet 1.1 (ncnn's squeezenet.param, generated weights): the squeezenet profile.
// Compared with an independent reference (net_reference.h): the program as loaded without passes on the
// portable kernels in the full build; in the slim build the optimized program on the portable kernels.
#include "net_reference.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("squeezenet: optimized equals the reference", "[net][squeezenet]") {
  CheckNetAgainstReference(ModelsDir() + "/../bench/ncnn/squeezenet.param", true, NetInputSize(96), {1, 1000});
}
