// The slim-build network tests (test_<net>_net for the profiles `ember profile` wrote): run a real network
// with the build's fastest kernels and the passes, and compare every output with an independent reference:
//   - when the build has every op of the program as loaded (the full build): that program, no pass, run on
//     the portable kernels (central-arm-func, an empty CpuAccel table);
//   - in a slim build (the folded ops are left out): the optimized program without the NCHW16c pass, on the
//     portable kernels, so the SIMD kernels and packed layouts are checked against the plain code.
// Graph-only models get deterministic generated weights. EMBER_NET_INPUT_SIZE=N runs an image network at
// NxN (default: the size the test gives; under qemu a smaller one keeps the test short).
#pragma once

#include <algorithm>
#include <cstdlib>
#include <set>

#include "framework/op_registry.h"
#include "io/converter_list.h"
#include "net_util.h"
#include "operators/kernel/cpu_accel.h"

namespace ember {
namespace test {

struct NetOutputs {
  std::vector<std::string> names;
  std::vector<DDim> dims;
  std::vector<std::vector<float>> values;
};

inline int NetInputSize(int default_size) {
  const char* env = std::getenv("EMBER_NET_INPUT_SIZE");
  return env && std::atoi(env) > 0 ? std::atoi(env) : default_size;
}

// Feeds: float images at size x size (0: the declared size), int32 feeds (image sizes) the image size.
inline void SetNetInputs(const Model& model, Predictor* p, int size) {
  const BlockDesc& b = model.programs().loaded.block0();
  for (const auto& name : p->FeedNames()) {
    const VarDesc* v = b.FindVar(name);
    REQUIRE(v);
    std::vector<int64_t> dims = v->dims;
    for (auto& d : dims) d = d < 0 ? 1 : d;
    if (size > 0 && dims.size() == 4) dims[2] = dims[3] = size;
    Tensor t;
    if (v->dtype == static_cast<int>(VarDataType::kInt32)) {
      const int32_t side = size > 0 ? size : 608;
      t = MakeTypedTensor<int32_t>(DDim(dims), std::vector<int32_t>(static_cast<size_t>(DDim(dims).numel()), side));
    } else {
      t = RandomTensor(DDim(dims), 11, 0.f, 1.f);
    }
    Status s = p->SetInput(name, t);
    INFO(name << ": " << s.message());
    REQUIRE(s.ok());
  }
}

// One predictor's outputs after `runs` runs on the same inputs (a second runs on the planned arenas).
inline NetOutputs RunNetOnce(const std::shared_ptr<const Model>& model, const PredictorOptions& po, int size,
                             DeviceRunStats* device_run = nullptr, int runs = 1) {
  std::unique_ptr<Predictor> p;
  Status s = Predictor::Create(model, po, &p);
  INFO(s.message());
  REQUIRE(s.ok());
  SetNetInputs(*model, p.get(), size);
  for (int r = 0; r < runs; ++r) {
    s = p->Run();
    INFO(s.message());
    REQUIRE(s.ok());
  }
  NetOutputs out;
  for (const auto& name : p->FetchNames()) {
    const Tensor* t = nullptr;
    REQUIRE(p->GetOutput(name, &t).ok());
    out.names.push_back(name);
    out.dims.push_back(t->dims());
    out.values.push_back(ToVector(*t));
  }
  if (device_run) *device_run = p->LastDeviceRun();
  return out;
}

inline NetOutputs RunNetOnce(const std::shared_ptr<const Model>& model, bool loaded_program, int size,
                             const std::string& device = "cpu") {
  PredictorOptions po;
  po.use_loaded_program = loaded_program;
  po.threads = 2;
  po.device = device;
  return RunNetOnce(model, po, size);
}

inline bool BuildHasOps(const ProgramDesc& program) {
  for (const auto& kv : program.OpTypeCounts())
    if (!FindOpCreator(kv.first)) return false;
  return true;
}

inline std::shared_ptr<const Model> LoadNet(const std::string& path, bool graph_only,
                                            const std::vector<std::string>& disabled_passes = {}) {
  ModelOptions mo;
  mo.generate_weights = graph_only;
  mo.keep_loaded_program = true;
  mo.disabled_passes = disabled_passes;
  std::shared_ptr<const Model> model;
  Status s = Model::Load(path, mo, &model);
  INFO(path << ": " << s.message());
  REQUIRE(s.ok());
  return model;
}

// The reference outputs (see the top of this file).
inline NetOutputs ReferenceOutputs(const std::string& path, bool graph_only, int size) {
  const CpuAccelTable portable;
  const CpuAccelTable* before = OverrideCpuAccelForTesting(&portable);
  std::shared_ptr<const Model> model = LoadNet(path, graph_only, {"nchw16c_layout"});
  const bool as_loaded = BuildHasOps(model->programs().loaded);
  std::printf("  reference: %s on the portable kernels\n",
              as_loaded ? "the program as loaded, no pass" : "the optimized program without nchw16c_layout");
  NetOutputs ref = RunNetOnce(model, as_loaded, size);
  OverrideCpuAccelForTesting(before);
  return ref;
}

// Detection rows [label, score, x0, y0, x1, y1]: folding moves scores by an ulp, which may reorder near-tied
// rows, so each row must equal some unused row of the reference.
inline size_t MatchedRows(const std::vector<float>& got, const std::vector<float>& want) {
  std::vector<bool> used(want.size() / 6, false);
  size_t matched = 0;
  for (size_t r = 0; r < got.size() / 6; ++r)
    for (size_t q = 0; q < used.size(); ++q) {
      bool same = !used[q];
      for (size_t k = 0; k < 6 && same; ++k)
        same = std::fabs(got[r * 6 + k] - want[q * 6 + k]) <= 1e-4f * std::max(1.f, std::fabs(want[q * 6 + k]));
      if (same) {
        used[q] = true;
        ++matched;
        break;
      }
    }
  return matched;
}

// Runs `path` optimized and compares with the reference; `first_dims` is the known shape of the first output
// (e.g. [1,1000] for an ImageNet classifier), empty for detection outputs (rows of 6, compared as sets).
inline void CheckNetAgainstReference(const std::string& path, bool graph_only, int size,
                                     const std::vector<int64_t>& first_dims) {
  INFO(path << " at input size " << size);
  std::shared_ptr<const Model> model = LoadNet(path, graph_only);
  const NetOutputs got = RunNetOnce(model, false, size);
  const NetOutputs ref = ReferenceOutputs(path, graph_only, size);
  REQUIRE(got.names == ref.names);
  if (!first_dims.empty()) CHECK(got.dims[0] == DDim(first_dims));
  for (size_t i = 0; i < got.names.size(); ++i) {
    INFO("output " << got.names[i] << " " << got.dims[i].ToString());
    CHECK(got.dims[i] == ref.dims[i]);
    const auto& want = ref.values[i];
    REQUIRE(!want.empty());
    float scale = 0;
    for (float v : want) scale = std::max(scale, std::fabs(v));
    CHECK(std::isfinite(scale));
    CHECK(*std::max_element(want.begin(), want.end()) > *std::min_element(want.begin(), want.end()));
    if (first_dims.empty() && got.values[i].size() % 6 == 0 && got.dims[i].size() == 2 && got.dims[i][1] == 6) {
      CHECK(MatchedRows(got.values[i], want) == want.size() / 6);
      continue;
    }
    std::string why;
    const bool close = AllClose(got.values[i], want, 1e-4f * std::max(scale, 1.f), 1e-3f, &why);
    INFO(why);
    CHECK(close);
  }
}

// A model whose source op types (ncnn layers, ONNX ops) have no converter in this slim build
// (EMBER_NET_CONVERTERS) fails at load naming each type and the profile; a build that has them loads it.
inline void CheckMissingConvertersNamed(const std::string& path, bool graph_only, const std::vector<std::string>& types) {
  ModelOptions mo;
  mo.generate_weights = graph_only;
  std::shared_ptr<const Model> model;
  Status s = Model::Load(path, mo, &model);
  INFO(path << ": " << s.message());
  std::set<std::string> built;
  for (const auto& c : NcnnConverterList()) built.insert(c.op_type);
  for (const auto& c : OnnxConverterList()) built.insert(c.op_type);
  if (std::all_of(types.begin(), types.end(), [&](const std::string& t) { return built.count(t) > 0; })) {
    CHECK(s.ok());
    return;
  }
  CHECK(s.code() == StatusCode::kUnimplemented);
  CHECK(s.message().find("' in this build (net profile '" + std::string(kNetProfile) + "'); nor for '") !=
        std::string::npos);
  for (const auto& t : types) CHECK(s.message().find("'" + t + "'") != std::string::npos);
}

}  // namespace test
}  // namespace ember
