// The graph-only Paddle programs in shared/models/paddle/graphs (real networks, no weights): each runs a
// forward pass at its feed shapes with generated weights, with finite outputs of the declared shapes, and
// the optimized program (fused conv+bn+act, fc, ...) agrees with the program as loaded.
#include "net_util.h"

#include <algorithm>

#include "framework/op_registry.h"

using namespace ember;
using namespace ember::test;

namespace {

struct Graph {
  const char* dir;
  bool needs_detection_ops;  // yolo_box / multiclass_nms / prior_box / box_coder
};

std::vector<float> RunGraph(const std::shared_ptr<const Model>& model, bool loaded, std::vector<DDim>* out_dims) {
  std::unique_ptr<Predictor> p;
  PredictorOptions po;
  po.use_loaded_program = loaded;
  po.threads = 2;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  const BlockDesc& b = model->program().block0();
  for (const auto& name : p->FeedNames()) {
    const VarDesc* v = b.FindVar(name);
    REQUIRE(v);
    std::vector<int64_t> dims = v->dims;
    for (auto& d : dims)
      if (d < 0) d = 1;
    Tensor t;
    if (v->dtype == static_cast<int>(VarDataType::kInt32)) {
      t = MakeTypedTensor<int32_t>(DDim(dims), std::vector<int32_t>(static_cast<size_t>(DDim(dims).numel()), 608));
    } else {
      t = RandomTensor(DDim(dims), 11, 0.f, 1.f);
    }
    REQUIRE(p->SetInput(name, t).ok());
  }
  Status s = p->Run();
  INFO(s.message());
  REQUIRE(s.ok());
  std::vector<float> all;
  for (const auto& name : p->FetchNames()) {
    const Tensor* out = nullptr;
    REQUIRE(p->GetOutput(name, &out).ok());
    out_dims->push_back(out->dims());
    std::vector<float> v = ToVector(*out);
    all.insert(all.end(), v.begin(), v.end());
  }
  return all;
}

}  // namespace

TEST_CASE("Paddle graphs run with generated weights; optimized equals as-loaded", "[net][graphs]") {
  REQUIRE_MODELS();
  const Graph graphs[] = {
      {"paddlejs_mobilenetv2", false}, {"tengine_inference", false}, {"paddleclas_inference", false},
      {"garbage_cls", false},          {"paddlejs_gesture_detect", false}, {"paddle_infer_python", true},
      {"paddledet_openvino", true},
  };
  int ran = 0;
  for (const auto& g : graphs) {
    std::string dir = ModelsDir() + "/paddle/graphs/" + g.dir;
    ModelOptions mo;
    mo.generate_weights = true;
    mo.keep_loaded_program = true;
    std::shared_ptr<const Model> model;
    Status s = Model::Load(dir, mo, &model);
    INFO(g.dir << ": " << s.message());
    REQUIRE(s.ok());
    std::vector<DDim> dims_opt, dims_loaded;
    std::vector<float> opt = RunGraph(model, false, &dims_opt);
    std::vector<float> loaded = RunGraph(model, true, &dims_loaded);
    CHECK(dims_opt == dims_loaded);
    // Declared output dims (batch -1 -> 1) match.
    const BlockDesc& b = model->program().block0();
    auto fetches = model->FetchNames();
    for (size_t i = 0; i < fetches.size(); ++i) {
      std::vector<int64_t> want = b.FindVar(fetches[i])->dims;
      for (auto& d : want)
        if (d < 0) d = 1;
      if (!g.needs_detection_ops) CHECK(dims_opt[i] == DDim(want));
    }
    float scale = 0;
    for (float v : loaded) {
      REQUIRE(std::isfinite(v));
      scale = std::max(scale, std::fabs(v));
    }
    std::string why;
    if (!g.needs_detection_ops) {
      CHECK(AllClose(opt, loaded, 1e-4f * std::max(scale, 1.f), 1e-3f, &why));
      INFO(why);
    } else {
      // NMS output rows [label, score, box]: folding moves scores by an ulp or two, which may reorder
      // near-tied rows, so match each row to an equal row of the other output.
      REQUIRE(opt.size() == loaded.size());
      REQUIRE(opt.size() % 6 == 0);
      std::vector<bool> used(loaded.size() / 6, false);
      size_t matched = 0;
      for (size_t r = 0; r < opt.size() / 6; ++r)
        for (size_t q = 0; q < used.size(); ++q) {
          if (used[q]) continue;
          bool same = true;
          for (size_t k = 0; k < 6 && same; ++k)
            same = std::fabs(opt[r * 6 + k] - loaded[q * 6 + k]) <= 1e-4f * std::max(1.f, std::fabs(loaded[q * 6 + k]));
          if (same) {
            used[q] = true;
            ++matched;
            break;
          }
        }
      CHECK(matched == opt.size() / 6);
    }
    CHECK(model->program().block0().ops.size() < model->programs().loaded.block0().ops.size());
    ++ran;
  }
  CHECK(ran == 7);
}
