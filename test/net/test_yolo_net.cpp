// YOLOv3 with a MobileNet backbone (paddle/graphs/paddle_infer_python: yolo_box, multiclass_nms).
// Compared with an independent reference (net_reference.h): the program as loaded without passes on the
// portable kernels in the full build; in the slim build the optimized program on the portable kernels.
#include "net_reference.h"

using namespace ember;
using namespace ember::test;

TEST_CASE("yolo: YOLOv3 detections equal the reference", "[net][yolo]") {
  REQUIRE_MODELS();
  CheckNetAgainstReference(ModelsDir() + "/paddle/graphs/paddle_infer_python", true, NetInputSize(320), {});
}
