// Whole networks with PredictorOptions::device = "vulkan" against the reference of the network tests
// (net_reference.h: the program as loaded on the portable CPU kernels): every output within 1e-3 of its range,
// with the GPU running the convolutions, activations and elementwise ops. Inputs at 64x64 keep lavapipe's time
// short (EMBER_NET_INPUT_SIZE sets another size).
#include "../net/net_reference.h"
#include "framework/device_backend.h"

using namespace ember;
using namespace ember::test;

namespace {

bool HaveVulkan() {
  std::unique_ptr<DeviceBackend> backend;
  Status s = CreateDeviceBackend("vulkan", &backend);
  if (s.ok()) return true;
  const char* require = std::getenv("EMBER_REQUIRE_VULKAN");
  if (require && *require == '1') FAIL(s.message());
  WARN("no Vulkan device, case not run: " << s.message());
  return false;
}

// Ops the GPU ran in one profiled run (their kernel is "vulkan").
int GpuOps(const std::shared_ptr<const Model>& model, int size) {
  PredictorOptions po;
  po.device = "vulkan";
  po.profile = true;
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  SetNetInputs(*model, p.get(), size);
  REQUIRE(p->Run().ok());
  int n = 0;
  for (const auto& op : p->LastProfile()) n += op.kernel == "vulkan";
  return n;
}

void CheckOnVulkan(const std::string& path, bool graph_only, int size, int min_gpu_ops, bool detection = false) {
  INFO(path << " at input size " << size);
  std::shared_ptr<const Model> model = LoadNet(path, graph_only, {"nchw16c_layout"});
  const NetOutputs got = RunNetOnce(model, false, size, "vulkan");
  const NetOutputs ref = ReferenceOutputs(path, graph_only, size);
  REQUIRE(got.names == ref.names);
  for (size_t i = 0; i < got.names.size(); ++i) {
    INFO("output " << got.names[i]);
    if (detection) {  // rows [label, score, box]: near-tied rows may come in another order
      REQUIRE(got.values[i].size() == ref.values[i].size());
      CHECK(MatchedRows(got.values[i], ref.values[i]) == ref.values[i].size() / 6);
      continue;
    }
    REQUIRE(got.dims[i] == ref.dims[i]);
    const auto& w = ref.values[i];
    const float range = std::max(*std::max_element(w.begin(), w.end()) - *std::min_element(w.begin(), w.end()), 1e-6f);
    float worst = 0.f;
    for (size_t k = 0; k < w.size(); ++k) worst = std::max(worst, std::fabs(got.values[i][k] - w[k]));
    INFO("max |vulkan - reference| = " << worst << " of range " << range);
    CHECK(worst <= 1e-3f * range);
  }
  CHECK(GpuOps(model, size) >= min_gpu_ops);
}

}  // namespace

TEST_CASE("vulkan: ncnn's benchmark graphs equal the CPU reference", "[vulkan][net]") {
  if (!HaveVulkan()) return;
  const std::string dir = ModelsDir() + "/../bench/ncnn/";
  const int size = NetInputSize(64);
  CheckOnVulkan(dir + "squeezenet.param", true, size, 26);     // every conv
  CheckOnVulkan(dir + "mobilenet.param", true, size, 27);
  CheckOnVulkan(dir + "mobilenet_v2.param", true, size, 50);   // convs and the residual adds
  CheckOnVulkan(dir + "shufflenet_v2.param", true, size, 40);
}

TEST_CASE("vulkan: ResNet-18, GoogLeNet (224: their 7x7 pools) and YOLOv4-tiny equal the CPU reference",
          "[vulkan][net]") {
  if (!HaveVulkan()) return;
  const std::string dir = ModelsDir() + "/../bench/ncnn/";
  CheckOnVulkan(dir + "resnet18.param", true, 224, 20);
  CheckOnVulkan(dir + "googlenet.param", true, 224, 60);
  CheckOnVulkan(dir + "yolov4-tiny.param", true, NetInputSize(128), 30, true);
}

TEST_CASE("vulkan: UltraFace (ONNX, trained weights) equals the CPU reference", "[vulkan][net]") {
  REQUIRE_MODELS();
  if (!HaveVulkan()) return;
  CheckOnVulkan(ModelsDir() + "/onnx/ultraface/version-RFB-320.onnx", false, 0, 30);
}
