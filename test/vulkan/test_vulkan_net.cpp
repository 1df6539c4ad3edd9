// Whole networks with PredictorOptions::device = "vulkan" against the reference of the network tests
// (net_reference.h: the program as loaded on the portable CPU kernels): every output within 1e-3 of its range,
// with the GPU running the convolutions, activations and elementwise ops. Inputs at 64x64 keep lavapipe's time
// short (EMBER_NET_INPUT_SIZE sets another size).
#include "../net/net_reference.h"
#include "framework/device_backend.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <unistd.h>

using namespace ember;
using namespace ember::test;

namespace {

bool HaveVulkan() {
  std::unique_ptr<DeviceBackend> backend;
  Status s = CreateDeviceBackend("vulkan", DeviceOptions(), &backend);
  if (s.ok()) return true;
  const char* require = std::getenv("EMBER_REQUIRE_VULKAN");
  if (require && *require == '1') FAIL(s.message());
  WARN("no Vulkan device, case not run: " << s.message());
  return false;
}

// Ops the GPU ran in one profiled run (their kernel is "vulkan"). Each has its GPU time from timestamps, the
// CPU's ops none, and the GPU times add up to less than the run took.
int GpuOps(const std::shared_ptr<const Model>& model, int size) {
  PredictorOptions po;
  po.device = "vulkan";
  po.profile = true;
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  SetNetInputs(*model, p.get(), size);
  const auto t0 = std::chrono::steady_clock::now();
  REQUIRE(p->Run().ok());
  const double run_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  int n = 0;
  double gpu_ms = 0;
  for (const auto& op : p->LastProfile()) {
    INFO(op.op->type << " on " << op.kernel << ": " << op.device_ms << " ms on the GPU");
    n += op.kernel == "vulkan";
    if (op.kernel == "vulkan") CHECK(op.device_ms >= 0);
    else CHECK(op.device_ms == -1);
    gpu_ms += std::max(op.device_ms, 0.0);
  }
  CHECK(gpu_ms > 0);
  CHECK(gpu_ms < run_ms);
  return n;
}

// The largest |got - want| over all outputs, as a fraction of each output's range.
float WorstOfRange(const NetOutputs& got, const NetOutputs& want) {
  REQUIRE(got.names == want.names);
  float worst = 0.f;
  for (size_t i = 0; i < got.names.size(); ++i) {
    const auto& w = want.values[i];
    REQUIRE(got.values[i].size() == w.size());
    if (w.empty()) continue;
    const float range = std::max(*std::max_element(w.begin(), w.end()) - *std::min_element(w.begin(), w.end()), 1e-6f);
    for (size_t k = 0; k < w.size(); ++k) worst = std::max(worst, std::fabs(got.values[i][k] - w[k]) / range);
  }
  return worst;
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

namespace {

// A net the half-precision options are checked on: a path, whether it is a graph without weights, its input size.
struct HalfNet {
  std::string path;
  bool graph_only;
  int size;
};

// The net on Vulkan with `option` off, then on: each run's stats and its max |vulkan - CPU reference| / range.
struct HalfAB {
  DeviceRunStats f32, f16;
  float worst32 = 0, worst16 = 0;
};

HalfAB RunWithHalves(const HalfNet& n, bool PredictorOptions::*option, int runs) {
  std::shared_ptr<const Model> model = LoadNet(n.path, n.graph_only, {"nchw16c_layout"});
  const NetOutputs ref = ReferenceOutputs(n.path, n.graph_only, n.size);
  PredictorOptions po;
  po.device = "vulkan";
  HalfAB ab;
  ab.worst32 = WorstOfRange(RunNetOnce(model, po, n.size, &ab.f32, runs), ref);
  po.*option = true;
  ab.worst16 = WorstOfRange(RunNetOnce(model, po, n.size, &ab.f16, runs), ref);
  return ab;
}

}  // namespace

// Weights as halves: outputs within 2e-3 of their range of the CPU reference (and further from it than float32
// weights: the option did round them), weights in about half the GPU memory.
TEST_CASE("vulkan fp16 weights: UltraFace (trained) and SqueezeNet near the CPU, weights in half the memory",
          "[vulkan][net]") {
  if (!HaveVulkan()) return;
  std::vector<HalfNet> nets = {{ModelsDir() + "/../bench/ncnn/squeezenet.param", true, NetInputSize(64)}};
  if (HaveModels()) nets.push_back({ModelsDir() + "/onnx/ultraface/version-RFB-320.onnx", false, 0});
  for (const HalfNet& n : nets) {
    INFO(n.path);
    const HalfAB ab = RunWithHalves(n, &PredictorOptions::vulkan_fp16_weights, 1);
    INFO("max |vulkan - reference| / range: float32 weights " << ab.worst32 << ", halves " << ab.worst16);
    CHECK(ab.worst16 <= 2e-3f);
    CHECK(ab.worst16 > ab.worst32);
    INFO("GPU weights: " << ab.f32.weight_bytes << " bytes as floats, " << ab.f16.weight_bytes << " as halves");
    CHECK(ab.f32.weight_bytes > 0);
    CHECK(ab.f16.weight_bytes < 0.55 * ab.f32.weight_bytes);  // biases and weights under 1024 values stay float32
    CHECK(2.0 * ab.f16.weight_bytes >= 0.99 * ab.f32.weight_bytes);
  }
}

TEST_CASE("vulkan predictor: repeated runs, a new input shape, every variable readable, after a failed run",
          "[vulkan][net]") {
  if (!HaveVulkan()) return;
  const std::string path = ModelsDir() + "/../bench/ncnn/squeezenet.param";
  std::shared_ptr<const Model> model = LoadNet(path, true, {"nchw16c_layout"});
  for (bool light : {true, false}) {
    PredictorOptions po;
    po.device = "vulkan";
    po.light_mode = light;
    std::unique_ptr<Predictor> p;
    REQUIRE(Predictor::Create(model, po, &p).ok());
    for (int size : {64, 64, 96, 64}) {  // the arena plan of a second run, a shape change and back
      INFO("light " << light << ", size " << size);
      const NetOutputs ref = ReferenceOutputs(path, true, size);
      SetNetInputs(*model, p.get(), size);
      REQUIRE(p->Run().ok());
      const DeviceRunStats d = p->LastDeviceRun();  // every op of squeezenet on the GPU: one submit
      CHECK(d.submits == 1);
      CHECK(d.dispatches >= 40);
      CHECK(d.barriers >= 1);
      CHECK(d.barriers <= d.dispatches + 1);
      const Tensor* out = nullptr;
      REQUIRE(p->GetOutput(ref.names[0], &out).ok());
      const std::vector<float> got = ToVector(*out);
      REQUIRE(got.size() == ref.values[0].size());
      for (size_t k = 0; k < got.size(); ++k) REQUIRE(std::fabs(got[k] - ref.values[0][k]) <= 1e-6f);
    }
    if (!light) {  // an intermediate the GPU wrote (a fire module's concat) reads as the CPU computes it
      PredictorOptions cpu_options;
      cpu_options.light_mode = false;
      std::unique_ptr<Predictor> cpu;
      REQUIRE(Predictor::Create(model, cpu_options, &cpu).ok());
      SetNetInputs(*model, cpu.get(), 64);
      REQUIRE(cpu->Run().ok());
      CHECK(cpu->LastDeviceRun().dispatches == 0);
      const Tensor *mid = nullptr, *want = nullptr;
      REQUIRE(p->GetOutput("fire2/concat", &mid).ok());
      REQUIRE(cpu->GetOutput("fire2/concat", &want).ok());
      REQUIRE(mid->dims() == want->dims());
      const std::vector<float> a = ToVector(*mid), b = ToVector(*want);
      for (size_t k = 0; k < a.size(); ++k) REQUIRE(std::fabs(a[k] - b[k]) <= 1e-5f * std::max(1.f, std::fabs(b[k])));
    }
  }
}

namespace {
// pb's program (passes off) run with feed x on the CPU or on Vulkan: the fetches' values.
// On Vulkan every op but feed and fetch must have run on the GPU.
std::vector<std::vector<float>> RunProgramOn(const ProgramBuilder& pb, const std::string& feed, const Tensor& x,
                                             const std::vector<std::string>& fetches, bool on_gpu,
                                             bool fp16_weights = false) {
  std::string model_bytes, params;
  pb.Serialize(&model_bytes, &params);
  ModelOptions mo;
  mo.optimize = false;
  std::shared_ptr<const Model> model;
  REQUIRE(Model::LoadFromMemory(model_bytes.data(), model_bytes.size(), params.data(), params.size(), mo, &model)
              .ok());
  PredictorOptions po;
  po.device = on_gpu ? "vulkan" : "cpu";
  po.profile = true;
  po.vulkan_fp16_weights = fp16_weights;
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  REQUIRE(p->SetInput(feed, x).ok());
  const Status s = p->Run();
  INFO(s.message());
  REQUIRE(s.ok());
  std::vector<std::vector<float>> got;
  for (const std::string& name : fetches) {
    const Tensor* t = nullptr;
    REQUIRE(p->GetOutput(name, &t).ok());
    got.push_back(ToVector(*t));
  }
  for (const auto& op : p->LastProfile()) {
    INFO(op.op->type);
    if (on_gpu && op.op->type != "feed" && op.op->type != "fetch") CHECK(op.kernel == "vulkan");
  }
  return got;
}
}  // namespace

TEST_CASE("vulkan predictor: pad2d, pad3d, batch_norm and transpose2 run on the GPU as on the CPU", "[vulkan][net]") {
  if (!HaveVulkan()) return;
  ProgramBuilder pb;  // x [1, 3, 5, 6] -> pad2d reflect -> batch_norm -> transpose2 -> reshape2 -> pad3d circular
  pb.Feed("x", {1, 3, 5, 6})
      .Weight("scale", RandomTensor({3}, 1, 0.5f, 1.5f))
      .Weight("bias", RandomTensor({3}, 2))
      .Weight("mean", RandomTensor({3}, 3))
      .Weight("var", RandomTensor({3}, 4, 0.1f, 2.f));
  pb.Op("pad2d", {{"X", {"x"}}}, {{"Out", {"p"}}},
        {{"paddings", Attribute::Ints({1, 2, 3, 0})}, {"mode", Attribute::String("reflect")}})
      .Op("batch_norm",
          {{"X", {"p"}}, {"Scale", {"scale"}}, {"Bias", {"bias"}}, {"Mean", {"mean"}}, {"Variance", {"var"}}},
          {{"Y", {"bn"}}}, {{"epsilon", Attribute::Float(1e-3f)}})
      .Op("transpose2", {{"X", {"bn"}}}, {{"Out", {"t"}}}, {{"axis", Attribute::Ints({0, 3, 1, 2})}})
      .Op("reshape2", {{"X", {"t"}}}, {{"Out", {"r"}}}, {{"shape", Attribute::Ints({1, 3, 3, 8, 3})}})
      .Op("pad3d", {{"X", {"r"}}}, {{"Out", {"y"}}},
          {{"paddings", Attribute::Ints({1, 0, 2, 1, 0, 1})}, {"mode", Attribute::String("circular")}})
      .Fetch("y");
  const Tensor x = RandomTensor({1, 3, 5, 6}, 5);
  const std::vector<float> got[2] = {RunProgramOn(pb, "x", x, {"y"}, false)[0], RunProgramOn(pb, "x", x, {"y"}, true)[0]};
  REQUIRE(got[0].size() == got[1].size());
  for (size_t i = 0; i < got[0].size(); ++i) REQUIRE(std::fabs(got[0][i] - got[1][i]) <= 1e-5f);
}

// Activations as halves: each shader computes in float32 and rounds its output once, so the error grows with the
// depth of the network; the planned arena is half the float32 one.
TEST_CASE("vulkan fp16 activations: ncnn's graphs and UltraFace near the CPU, activations in half the memory",
          "[vulkan][net]") {
  if (!HaveVulkan()) return;
  const std::string dir = ModelsDir() + "/../bench/ncnn/";
  std::vector<HalfNet> nets = {{dir + "squeezenet.param", true, NetInputSize(64)},
                               {dir + "mobilenet_v2.param", true, NetInputSize(64)},
                               {dir + "shufflenet_v2.param", true, NetInputSize(64)},
                               {dir + "resnet18.param", true, 224}};  // 224: its 7x7 pool
  if (HaveModels()) nets.push_back({ModelsDir() + "/onnx/ultraface/version-RFB-320.onnx", false, 0});
  for (const HalfNet& n : nets) {
    INFO(n.path);
    const HalfAB ab = RunWithHalves(n, &PredictorOptions::vulkan_fp16_activations, 2);  // 2: the arena's run
    INFO("max |vulkan - reference| / range: float32 activations " << ab.worst32 << ", halves " << ab.worst16);
    CHECK(ab.worst16 <= 5e-3f);
    CHECK(ab.worst16 > ab.worst32);
    INFO("GPU activations: " << ab.f32.activation_bytes << " bytes as floats, " << ab.f16.activation_bytes
                             << " as halves");
    CHECK(ab.f16.activation_bytes <= 0.51 * ab.f32.activation_bytes);
    CHECK(ab.f16.activation_bytes >= 0.49 * ab.f32.activation_bytes);
  }
}

TEST_CASE("vulkan predictor: layer_norm (Mean and Variance fetched, or Variance alone), matmul_v2 and matmul run on "
          "the GPU as on the CPU, with float32 and half weights", "[vulkan][net]") {
  if (!HaveVulkan()) return;
  ProgramBuilder pb;  // x [2, 5, 64] -> layer_norm -> matmul_v2 by a weight -> scores against itself -> matmul alpha
  pb.Feed("x", {2, 5, 64})
      .Weight("scale", RandomTensor({64}, 1, 0.5f, 1.5f))
      .Weight("bias", RandomTensor({64}, 2))
      .Weight("w", RandomTensor({64, 24}, 3));  // over kSmallestHalfWeight elements: halved with fp16 weights
  pb.Op("layer_norm", {{"X", {"x"}}, {"Scale", {"scale"}}, {"Bias", {"bias"}}},
        {{"Y", {"ln"}}, {"Mean", {"mean"}}, {"Variance", {"var"}}},
        {{"begin_norm_axis", Attribute::Int(2)}, {"epsilon", Attribute::Float(1e-5f)}})
      .Op("layer_norm", {{"X", {"x"}}}, {{"Y", {"ln2"}}, {"Variance", {"var2"}}},
          {{"begin_norm_axis", Attribute::Int(1)}})
      .Op("matmul_v2", {{"X", {"ln"}}, {"Y", {"w"}}}, {{"Out", {"q"}}}, {})
      .Op("matmul_v2", {{"X", {"q"}}, {"Y", {"q"}}}, {{"Out", {"s"}}}, {{"trans_y", Attribute::Bool(true)}})
      .Op("matmul", {{"X", {"s"}}, {"Y", {"q"}}}, {{"Out", {"y"}}}, {{"alpha", Attribute::Float(0.25f)}})
      .Fetch("y")
      .Fetch("mean")
      .Fetch("var")
      .Fetch("ln2")
      .Fetch("var2");
  const Tensor x = RandomTensor({2, 5, 64}, 5, -2.f, 3.f);
  const std::vector<std::string> fetches = {"y", "mean", "var", "ln2", "var2"};
  const auto cpu = RunProgramOn(pb, "x", x, fetches, false);
  REQUIRE(cpu[0].size() == 2 * 5 * 24);
  REQUIRE(cpu[1].size() == 10);
  REQUIRE(cpu[4].size() == 2);
  for (bool fp16 : {false, true}) {
    INFO((fp16 ? "half weights" : "float32 weights"));
    const auto gpu = RunProgramOn(pb, "x", x, fetches, true, fp16);
    // Float32 weights: each value within 1e-4 (relative above 1); halves: within 2e-3 of each output's range (y
    // multiplies three products of the rounded w, so single values near 0 move further).
    float worst = 0.f;
    for (size_t i = 0; i < fetches.size(); ++i) {
      INFO(fetches[i]);
      REQUIRE(gpu[i].size() == cpu[i].size());
      const auto& c = cpu[i];
      const float range = std::max(*std::max_element(c.begin(), c.end()) - *std::min_element(c.begin(), c.end()), 1.f);
      for (size_t k = 0; k < c.size(); ++k) {
        const float err = std::fabs(gpu[i][k] - c[k]) / (fp16 ? range : std::max(1.f, std::fabs(c[k])));
        CHECK(err <= (fp16 ? 2e-3f : 1e-4f));
        if (i == 0) worst = std::max(worst, err);
      }
    }
    if (fp16) CHECK(worst > 1e-6f);  // w was rounded to halves
  }
}

TEST_CASE("vulkan predictor: a run that fails midway leaves nothing recorded for the next one", "[vulkan][net]") {
  if (!HaveVulkan()) return;
  const std::string path = ModelsDir() + "/../bench/ncnn/googlenet.param";
  std::shared_ptr<const Model> model = LoadNet(path, true, {"nchw16c_layout"});
  PredictorOptions po;
  po.device = "vulkan";
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  // At 64x64 its 7x7 pool5 outgrows its input, after every inception block was recorded.
  SetNetInputs(*model, p.get(), 64);
  const Status failed = p->Run();
  CHECK_FALSE(failed.ok());
  CHECK_THAT(failed.message(), Catch::Contains("pool2d"));
  SetNetInputs(*model, p.get(), 224);
  REQUIRE(p->Run().ok());
  const Tensor* out = nullptr;
  REQUIRE(p->GetOutput(p->FetchNames()[0], &out).ok());
  const NetOutputs ref = ReferenceOutputs(path, true, 224);
  const std::vector<float> got = ToVector(*out);
  REQUIRE(got.size() == ref.values[0].size());
  for (size_t k = 0; k < got.size(); ++k) REQUIRE(std::fabs(got[k] - ref.values[0][k]) <= 1e-6f);
}

namespace {

// The first fetch of an ncnn graph of one 1x3xHxW feed on predictor p for an input of uniform values in [0, 1) from `seed`.
std::vector<float> NetOutput(Predictor* p, int size, uint32_t seed) {
  const Tensor in = RandomTensor(DDim({1, 3, size, size}), seed, 0.f, 1.f);
  REQUIRE(p->SetInput(p->FeedNames()[0], in).ok());
  REQUIRE(p->Run().ok());
  const Tensor* out = nullptr;
  REQUIRE(p->GetOutput(p->FetchNames()[0], &out).ok());
  return ToVector(*out);
}

void CheckSame(const std::vector<float>& got, const std::vector<float>& want) {
  REQUIRE(got.size() == want.size());
  const float range = std::max(*std::max_element(want.begin(), want.end()) -
                               *std::min_element(want.begin(), want.end()), 1e-6f);
  for (size_t k = 0; k < got.size(); ++k) REQUIRE(std::fabs(got[k] - want[k]) <= 1e-4f * range);
}

std::string TempPath(const std::string& name) {
  return "/tmp/ember_test_" + std::to_string(getpid()) + "_" + name;
}

// One of ncnn's benchmark graphs with a Vulkan and a CPU predictor.
struct GpuAndCpu {
  std::shared_ptr<const Model> model;
  std::unique_ptr<Predictor> gpu, cpu;
};
GpuAndCpu LoadGpuAndCpu(const std::string& net) {
  GpuAndCpu n;
  n.model = LoadNet(ModelsDir() + "/../bench/ncnn/" + net + ".param", true, {"nchw16c_layout"});
  PredictorOptions vo;
  vo.device = "vulkan";
  REQUIRE(Predictor::Create(n.model, vo, &n.gpu).ok());
  REQUIRE(Predictor::Create(n.model, PredictorOptions(), &n.cpu).ok());
  return n;
}

}  // namespace

TEST_CASE("vulkan predictor: a run at unchanged shapes submits the command buffer recorded before, with new inputs",
          "[vulkan][net]") {
  if (!HaveVulkan()) return;
  GpuAndCpu n = LoadGpuAndCpu("squeezenet");
  Predictor *gpu = n.gpu.get(), *cpu = n.cpu.get();
  struct Step {
    int size;
    uint32_t seed;
    int reused;  // submits of an earlier run's command buffer
  };
  // A first run records (on buffers by lifetime) and plans the arena; the second, the first on the arena, records
  // anew; new values at the same shape replay it; a new shape records (and plans again: 96 outgrows the plan); so
  // does going back (64 fits 96's plan, so that one stays).
  for (const Step& step : {Step{64, 1, 0}, Step{64, 2, 0}, Step{64, 3, 1}, Step{64, 4, 1}, Step{96, 5, 0},
                           Step{96, 6, 0}, Step{96, 7, 1}, Step{64, 8, 0}, Step{64, 9, 1}}) {
    INFO("size " << step.size << ", seed " << step.seed);
    const std::vector<float> got = NetOutput(gpu, step.size, step.seed);
    CHECK(gpu->LastDeviceRun().submits == 1);
    CHECK(gpu->LastDeviceRun().reused == step.reused);
    CheckSame(got, NetOutput(cpu, step.size, step.seed));
  }
}

TEST_CASE("vulkan predictor: the pipeline cache file is written after a run, read by the next predictor, and a "
          "bad one is replaced",
          "[vulkan][net]") {
  if (!HaveVulkan()) return;
  const std::string path = ModelsDir() + "/../bench/ncnn/squeezenet.param";
  std::shared_ptr<const Model> model = LoadNet(path, true, {"nchw16c_layout"});
  std::unique_ptr<Predictor> cpu;
  REQUIRE(Predictor::Create(model, PredictorOptions(), &cpu).ok());
  const std::vector<float> want = NetOutput(cpu.get(), 64, 7);
  // The header Vulkan defines: its size (>= 32) and version one, the first two 32-bit words.
  auto header_ok = [](const std::string& file) {
    std::ifstream f(file, std::ios::binary);
    uint32_t words[2] = {0, 0};
    return f.read(reinterpret_cast<char*>(words), sizeof(words)) && words[0] >= 32 &&
           words[1] == 1;  // VK_PIPELINE_CACHE_HEADER_VERSION_ONE
  };
  const std::string file = TempPath("pipelines.bin");
  for (const char* start : {"none", "kept", "garbage"}) {
    INFO("the file before: " << start);
    if (std::string(start) == "none") std::remove(file.c_str());
    if (std::string(start) == "garbage") std::ofstream(file, std::ios::binary) << "not a pipeline cache";
    PredictorOptions po;
    po.device = "vulkan";
    po.vulkan_pipeline_cache = file;
    std::unique_ptr<Predictor> p;
    REQUIRE(Predictor::Create(model, po, &p).ok());
    CheckSame(NetOutput(p.get(), 64, 7), want);
    CHECK(header_ok(file));
  }
  std::remove(file.c_str());
  // A path that cannot be written: the run says so, naming it, and the predictor stays usable.
  PredictorOptions po;
  po.device = "vulkan";
  po.vulkan_pipeline_cache = TempPath("no_such_dir/pipelines.bin");
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  const Tensor in = RandomTensor(DDim({1, 3, 64, 64}), 7, 0.f, 1.f);
  REQUIRE(p->SetInput(p->FeedNames()[0], in).ok());
  const Status s = p->Run();
  CHECK_FALSE(s.ok());
  CHECK_THAT(s.message(), Catch::Contains("no_such_dir/pipelines.bin"));
}

TEST_CASE("vulkan predictor: from its second run at a shape the activations are the planned arena, as small as the "
          "CPU's plan",
          "[vulkan][net]") {
  if (!HaveVulkan()) return;
  for (const char* net : {"squeezenet", "mobilenet_v2"}) {
    INFO(net);
    GpuAndCpu n = LoadGpuAndCpu(net);
    Predictor *gpu = n.gpu.get(), *cpu = n.cpu.get();
    const int size = 160;
    for (uint32_t seed : {1u, 2u}) NetOutput(cpu, size, seed);  // the second run plans it
    // The CPU's planned arena holds every intermediate; the GPU's also holds its copy of the input.
    const size_t input_bytes = 3 * size * size * sizeof(float);
    const size_t cpu_plan = cpu->Memory().arena_bytes;
    REQUIRE(cpu_plan > 0);
    size_t lifetime_bytes = 0;
    for (uint32_t seed : {2u, 3u, 4u}) {
      INFO("seed " << seed);
      const std::vector<float> got = NetOutput(gpu, size, seed);
      CheckSame(got, NetOutput(cpu, size, seed));
      const size_t bytes = gpu->LastDeviceRun().activation_bytes;
      INFO("GPU activations " << bytes << " bytes, the CPU's plan " << cpu_plan << " + the input " << input_bytes);
      if (seed == 2) {
        lifetime_bytes = bytes;  // the first run: buffers by lifetime, more than the plan
        CHECK(bytes > cpu_plan + input_bytes);
      } else {
        CHECK(bytes < lifetime_bytes);
        CHECK(bytes <= (cpu_plan + input_bytes) * 101 / 100);
        CHECK(bytes >= cpu->Memory().lower_bound);
      }
    }
  }
}
