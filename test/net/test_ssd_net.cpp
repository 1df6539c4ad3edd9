// SSD-MobileNet (paddle/graphs/paddledet_openvino: prior_box, box_coder, multiclass_nms).
// Compared with an independent reference (net_reference.h): the program as loaded without passes on the
// portable kernels in the full build; in the slim build the optimized program on the portable kernels.
#include "net_reference.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("ssd: SSD detections equal the reference", "[net][ssd]") {
  REQUIRE_MODELS();
  CheckNetAgainstReference(ModelsDir() + "/paddle/graphs/paddledet_openvino", true, NetInputSize(0), {});
}
