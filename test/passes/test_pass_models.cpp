// The passes against every real model in shared/models: with each pass disabled in turn the outputs are the
// program as loaded's, and with every pass on, each variable a pass removes or packs can still be fetched and
// fed (the predictor derives a program that keeps it), with the values of the program as loaded.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>

#include "io/ember.h"
#include "io/paddle/paddle_loader.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct ModelCase {
  std::string path;         // under shared/models
  bool generate = false;    // graph only: generated weights
  bool detection = false;   // NMS outputs: rows may reorder on near ties, compared as sets of rows
};

std::vector<ModelCase> RealModels() {
  std::vector<ModelCase> m = {{"paddle/pl_simple_model"}, {"paddle/paddlejs_gesture_rec"},
                              {"paddle/mnist_mlp_handwriting"}, {"onnx/mnist/mnist.onnx"},
                              {"onnx/ultraface/version-RFB-320.onnx"}};
  for (const char* g : {"paddlejs_mobilenetv2", "tengine_inference", "paddleclas_inference", "garbage_cls",
                        "paddlejs_gesture_detect"})
    m.push_back({std::string("paddle/graphs/") + g, true, false});
  for (const char* g : {"paddle_infer_python", "paddledet_openvino"})
    m.push_back({std::string("paddle/graphs/") + g, true, true});
  return m;
}

std::shared_ptr<const Model> Load(const ModelCase& c, bool keep_loaded, std::vector<std::string> disabled = {}) {
  ModelOptions mo;
  mo.generate_weights = c.generate;
  mo.keep_loaded_program = keep_loaded;
  mo.disabled_passes = std::move(disabled);
  std::shared_ptr<const Model> model;
  Status s = Model::Load(ModelsDir() + "/" + c.path, mo, &model);
  INFO(c.path << ": " << s.message());
  REQUIRE(s.ok());
  return model;
}

// The model's feeds at their declared shapes (batch 1): uniform [0, 1) floats, int32 608 (an image size).
std::vector<std::pair<std::string, Tensor>> Feeds(const Model& model) {
  std::vector<std::pair<std::string, Tensor>> feeds;
  const BlockDesc& b = model.programs().loaded.block0();
  for (const auto& name : model.programs().loaded.FeedNames()) {
    const VarDesc* v = b.FindVar(name);
    REQUIRE(v);
    std::vector<int64_t> dims = v->dims;
    for (auto& d : dims)
      if (d < 0) d = 1;
    if (v->dtype == static_cast<int>(VarDataType::kInt32))
      feeds.emplace_back(name, MakeTypedTensor<int32_t>(DDim(dims), std::vector<int32_t>(DDim(dims).numel(), 608)));
    else
      feeds.emplace_back(name, RandomTensor(DDim(dims), 11, 0.f, 1.f));
  }
  return feeds;
}

std::unique_ptr<Predictor> Make(const std::shared_ptr<const Model>& model, bool loaded_program) {
  PredictorOptions po;
  po.threads = 2;
  po.use_loaded_program = loaded_program;
  po.light_mode = !loaded_program;  // the reference keeps every variable readable
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  for (const auto& kv : Feeds(*model)) REQUIRE(p->SetInput(kv.first, kv.second).ok());
  return p;
}

std::vector<float> Get(const Predictor& p, const std::string& name) {
  const Tensor* t = nullptr;
  Status s = p.GetOutput(name, &t);
  INFO(name << ": " << s.message());
  REQUIRE(s.ok());
  return ToVector(*t);
}

float Range(const std::vector<float>& v) {
  float m = 1.f;
  for (float x : v) m = std::max(m, std::fabs(x));
  return m;
}

// Detection rows [label, score, x0, y0, x1, y1] of `got` each matched to an unused equal row of `want`.
bool SameRows(const std::vector<float>& got, const std::vector<float>& want) {
  if (got.size() != want.size() || got.size() % 6 != 0) return false;
  std::vector<bool> used(want.size() / 6, false);
  for (size_t r = 0; r < got.size() / 6; ++r) {
    bool found = false;
    for (size_t q = 0; q < used.size() && !found; ++q) {
      bool same = !used[q];
      for (size_t k = 0; k < 6 && same; ++k)
        same = std::fabs(got[r * 6 + k] - want[q * 6 + k]) <= 1e-4f * std::max(1.f, std::fabs(want[q * 6 + k]));
      if (same) used[q] = found = true;
    }
    if (!found) return false;
  }
  return true;
}

void CheckClose(const ModelCase& c, const std::string& what, const std::vector<float>& got,
                const std::vector<float>& want) {
  INFO(c.path << ": " << what);
  if (c.detection && got.size() % 6 == 0 && got.size() != want.size()) FAIL("row counts differ");
  if (c.detection && got.size() % 6 == 0 && !got.empty()) {
    CHECK(SameRows(got, want));
    return;
  }
  std::string why;
  const bool close = AllClose(got, want, 1e-4f * Range(want), 1e-3f, &why);
  INFO(why);
  CHECK(close);
}

}  // namespace

TEST_CASE("every real model: each pass disabled in turn gives the program as loaded's outputs", "[passes][models]") {
  REQUIRE_MODELS();
  int ran = 0;
  for (const ModelCase& c : RealModels()) {
    auto reference = Make(Load(c, true), true);
    REQUIRE(reference->Run().ok());
    const auto all_on = Load(c, false);
    for (size_t pi = 0; pi < PassList().size(); ++pi) {
      const Pass& pass = PassList()[pi];
      auto model = Load(c, false, {pass.name});
      REQUIRE(model->pass_reports().size() == PassList().size());
      CHECK(!model->pass_reports()[pi].ran);
      // A pass that changes nothing in this model leaves the same program when disabled: nothing to run.
      if (!all_on->pass_reports()[pi].changed()) {
        CHECK(model->program().block0().ops.size() == all_on->program().block0().ops.size());
        continue;
      }
      auto p = Make(model, false);
      Status s = p->Run();
      INFO(c.path << " without " << pass.name << ": " << s.message());
      REQUIRE(s.ok());
      for (const auto& out : p->FetchNames())
        CheckClose(c, std::string("without ") + pass.name + ", output " + out, Get(*p, out), Get(*reference, out));
      ++ran;
    }
  }
  CHECK(ran >= 20);  // changed-pass runs across the models (a pass that stopped acting would lower it)
}

namespace {

// Variables an op writes that a reader can use as they are (an NCHW copy of a packed tensor is written by a
// layout_transform to NCHW, which is computed from the packed tensor and so cannot be fed).
std::set<std::string> ObservableVars(const BlockDesc& b) {
  std::set<std::string> vars;
  for (const auto& op : b.ops) {
    const Attribute* dst = op.Attr("dst_layout");
    if (op.type == "feed" || op.type == "fetch" || (op.type == "layout_transform" && dst && dst->s == "NCHW"))
      continue;
    for (const auto& n : op.AllOutputNames()) vars.insert(n);
  }
  return vars;
}

// Per pass (by index in PassList): variables of the program as loaded that pass removes or packs, by name.
std::vector<std::vector<std::string>> HiddenByPass(const Model& model) {
  ProgramDesc program = model.programs().loaded;
  Scope weights(&model.weights());
  const std::set<std::string> loaded = ObservableVars(program.block0());
  std::vector<std::vector<std::string>> hidden;
  for (const Pass& pass : PassList()) {
    const std::set<std::string> before = ObservableVars(program.block0());
    REQUIRE(pass.run(&program, &weights).ok());
    const std::set<std::string> after = ObservableVars(program.block0());
    hidden.emplace_back();
    for (const auto& v : before)
      if (!after.count(v) && loaded.count(v)) hidden.back().push_back(v);
  }
  return hidden;
}

// A value to feed for `ref` that differs from it, so a feed that is ignored shows.
Tensor Perturbed(const Tensor& ref) {
  Tensor t;
  REQUIRE(t.CopyFrom(ref).ok());
  float* d = t.data<float>();
  for (int64_t i = 0; i < t.numel(); ++i) d[i] = 0.5f * d[i] + 0.25f;
  return t;
}

}  // namespace

TEST_CASE("every variable a pass removes or packs can be fetched and fed with every pass on", "[passes][models]") {
  REQUIRE_MODELS();
  std::vector<int> checked(PassList().size(), 0);
  for (const ModelCase& c : RealModels()) {
    if (c.detection) continue;  // NMS rows reorder on near ties; the other models cover every pass
    auto keep = Load(c, true);
    const auto hidden = HiddenByPass(*keep);
    auto model = Load(c, false);  // passes' originals freed: the predictor reads the weights again
    auto reference = Make(keep, true);
    REQUIRE(reference->Run().ok());
    for (size_t pi = 0; pi < hidden.size(); ++pi) {
      if (hidden[pi].empty()) continue;
      const std::string& v = hidden[pi].front();  // one per pass and model: each costs two derived programs
      INFO(c.path << ": " << PassList()[pi].name << " hides " << v);
      const Tensor* ref_v = nullptr;
      REQUIRE(reference->GetOutput(v, &ref_v).ok());
      if (ref_v->dtype() != DataType::kFloat32) continue;
      // Fetch: the value the program as loaded computes.
      auto p = Make(model, false);
      std::vector<std::string> fetch = {v};
      for (const auto& o : p->FetchNames()) fetch.push_back(o);
      Status s = p->Run(fetch);
      INFO(s.message());
      REQUIRE(s.ok());
      CheckClose(c, "fetched " + v, Get(*p, v), ToVector(*ref_v));
      ++checked[pi];
      const VarDesc* vd = keep->programs().loaded.block0().FindVar(v);
      if (vd && vd->persistable) continue;  // a weight (batch_norm's running statistics): fetched, never fed
      // Feed: a changed value of v, against the program as loaded fed the same.
      const Tensor fed = Perturbed(*ref_v);
      auto q = Make(model, false);
      s = q->SetInput(v, fed);
      INFO(s.message());
      REQUIRE(s.ok());
      REQUIRE(q->Run().ok());
      auto reference_fed = Make(keep, true);
      REQUIRE(reference_fed->SetInput(v, fed).ok());
      REQUIRE(reference_fed->Run().ok());
      bool changed = false;  // the fed value reached the outputs (a feed both programs ignored would not)
      for (const auto& o : q->FetchNames()) {
        CheckClose(c, "output " + o + " with " + v + " fed", Get(*q, o), Get(*reference_fed, o));
        changed = changed || Get(*q, o) != Get(*reference, o);
      }
      const auto& loaded_ops = keep->programs().loaded.block0().ops;
      const bool read = std::any_of(loaded_ops.begin(), loaded_ops.end(), [&](const OpDesc& op) {
        const auto ins = op.AllInputNames();
        return op.type != "fetch" && std::find(ins.begin(), ins.end(), v) != ins.end();
      });
      if (read) CHECK(changed);  // a side output nothing reads (batch_norm's saved mean) changes nothing
    }
  }
  // Every pass that removes or packs variables on these models was covered (dropout_to_scale renames none).
  for (size_t pi = 0; pi < checked.size(); ++pi) {
    const std::string name = PassList()[pi].name;
    INFO(name << ": " << checked[pi] << " variables checked");
    if (name == "fold_conv_batch_norm" || name == "fuse_fc" || name == "fuse_activation" || name == "remove_identity")
      CHECK(checked[pi] > 0);
    else
      WARN(name << ": " << checked[pi] << " variables checked");
  }
}

TEST_CASE("a removed variable of a model whose weights cannot be read again gets a clear error", "[passes]") {
  REQUIRE_MODELS();
  const std::string dir = ModelsDir() + "/paddle/pl_simple_model/";
  std::string model_buf, params_buf;
  REQUIRE(ReadFileToString(dir + "model.pdmodel", &model_buf).ok());
  REQUIRE(ReadFileToString(dir + "model.pdiparams", &params_buf).ok());
  std::shared_ptr<const Model> model;
  REQUIRE(Model::LoadFromMemory(model_buf.data(), model_buf.size(), params_buf.data(), params_buf.size(), {}, &model)
              .ok());
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(model, {}, &p).ok());
  REQUIRE(p->SetInput(model->FeedNames().at(0), RandomTensor(DDim({1, 3, 224, 224}), 1)).ok());
  // The conv's output before batch_norm was folded away; the copied params are gone.
  const auto& loaded_ops = model->programs().loaded.block0().ops;
  auto conv = std::find_if(loaded_ops.begin(), loaded_ops.end(), [](const OpDesc& op) { return op.type == "conv2d"; });
  REQUIRE(conv != loaded_ops.end());
  const std::string pre_bn = conv->Output("Output")[0];
  const Tensor* out = nullptr;
  Status s = p->GetOutput(pre_bn, &out);
  CHECK(s.code() == StatusCode::kNotFound);
  CHECK(s.message().find("pass it to Run") != std::string::npos);
  s = p->Run({pre_bn});
  CHECK(!s.ok());
  CHECK(s.message().find("keep_loaded_program") != std::string::npos);
  REQUIRE(p->Run().ok());  // the predictor still runs the model's outputs
}

TEST_CASE("weights the passes replaced can be fetched, read again from the model's files", "[passes]") {
  REQUIRE_MODELS();
  const ModelCase c{"paddle/pl_simple_model"};
  auto keep = Load(c, true);
  auto model = Load(c, false);  // the original conv filter and batch_norm statistics are freed
  const auto& ops = keep->programs().loaded.block0().ops;
  auto conv = std::find_if(ops.begin(), ops.end(), [](const OpDesc& op) { return op.type == "conv2d"; });
  auto bn = std::find_if(ops.begin(), ops.end(), [](const OpDesc& op) { return op.type == "batch_norm"; });
  REQUIRE(conv != ops.end());
  REQUIRE(bn != ops.end());
  for (const std::string& w : {conv->Input("Filter")[0], bn->Input("Scale")[0], bn->Input("Variance")[0]}) {
    INFO(w);
    REQUIRE(model->weights().FindVar(w) == nullptr);  // really freed
    auto p = Make(model, false);
    Status s = p->Run({w});
    INFO(s.message());
    REQUIRE(s.ok());
    CHECK(Get(*p, w) == ToVector(keep->weights().FindVar(w)->Get()));
  }
}

namespace {
// A fresh folder under /tmp, removed when the test case ends.
struct ScratchDir {
  ScratchDir() : path("/tmp/ember_test_reload_" + std::to_string(::getpid())) { std::filesystem::create_directories(path); }
  ~ScratchDir() { std::filesystem::remove_all(path); }
  std::string path;
};
bool WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(f);
}
}  // namespace

TEST_CASE("weights that cannot be read again as loaded give a clear error, and the predictor runs on", "[passes]") {
  REQUIRE_MODELS();
  ScratchDir scratch;
  const std::string& tmp = scratch.path;
  const std::string src = ModelsDir() + "/paddle/pl_simple_model/";
  for (const char* f : {"model.pdmodel", "model.pdiparams"}) {
    std::string buf;
    REQUIRE(ReadFileToString(src + f, &buf).ok());
    REQUIRE(WriteFile(tmp + "/" + f, buf));
  }
  std::shared_ptr<const Model> model;
  REQUIRE(Model::Load(tmp, {}, &model).ok());
  // A new file under the same name (the loaded one stays mapped): garbage where the params were.
  REQUIRE(WriteFile(tmp + "/new.pdiparams", std::string(1000, '\x5a')));
  REQUIRE(std::rename((tmp + "/new.pdiparams").c_str(), (tmp + "/model.pdiparams").c_str()) == 0);
  const auto& ops = model->programs().loaded.block0().ops;
  auto conv = std::find_if(ops.begin(), ops.end(), [](const OpDesc& op) { return op.type == "conv2d"; });
  REQUIRE(conv != ops.end());
  auto p = Make(model, false);
  const Status s = p->Run({conv->Output("Output")[0]});
  INFO(s.message());
  CHECK(!s.ok());
  CHECK(s.message().find("model.pdiparams") != std::string::npos);
  CHECK(p->Run().ok());
}
