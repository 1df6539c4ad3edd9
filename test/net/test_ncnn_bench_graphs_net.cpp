// ncnn's benchmark graphs (shared/bench/ncnn/*.param, graphs only): every fp32 graph loads with generated
// weights and runs once at its Input shape; every blob that carries a -23330 shape hint and survives as an
// Ember variable (Split/Noop outputs alias their input) must have exactly the hinted shape, with finite
// values. The hints are read here straight from the text, independently of the importer.
#include "net_util.h"

#include <chrono>
#include <cstdio>
#include <dirent.h>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace ember;
using namespace ember::test;

namespace {

std::string BenchDir() {
  const char* env = std::getenv("EMBER_NCNN_BENCH_DIR");
  if (env) return env;
  return ModelsDir() + "/../bench/ncnn";
}

// blob name -> Ember dims [1, c, h, w] / [1, h, w] / [1, w] from "-23330=4*n values" on the producing line.
// Detection layers' outputs have a data-dependent row count: their hints (taken by ncnn from one run with
// real weights) are not comparable; such blobs go to `detections` and are checked as [1, K, 6].
std::map<std::string, std::vector<int64_t>> ReadHints(const std::string& path, std::set<std::string>* detections) {
  std::map<std::string, std::vector<int64_t>> hints;
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string type, name;
    int nb = 0, nt = 0;
    if (!(ls >> type >> name >> nb >> nt)) continue;
    std::vector<std::string> tops;
    std::string tok;
    for (int i = 0; i < nb && ls >> tok; ++i) {
    }
    for (int i = 0; i < nt && ls >> tok; ++i) tops.push_back(tok);
    if (type.find("DetectionOutput") != std::string::npos) {
      detections->insert(tops.begin(), tops.end());
      continue;
    }
    while (ls >> tok) {
      if (tok.rfind("-23330=", 0) != 0) continue;
      std::vector<int64_t> v;
      std::stringstream vs(tok.substr(7));
      std::string x;
      while (std::getline(vs, x, ',')) v.push_back(std::stoll(x));
      if (v.empty() || tops.empty() || (v.size() - 1) % tops.size() != 0) continue;
      const size_t step = (v.size() - 1) / tops.size();
      for (size_t j = 0; j < tops.size(); ++j) {
        const int64_t* p = &v[1 + j * step];
        const int64_t dims = p[0];
        std::vector<int64_t> d = {1};
        if (dims == 1) d.push_back(p[1]);
        else if (dims == 2) d.insert(d.end(), {p[2], p[1]});
        else if (dims == 3) d.insert(d.end(), {p[static_cast<size_t>(step) - 1], p[2], p[1]});
        else continue;
        hints[tops[j]] = d;
      }
    }
  }
  return hints;
}

std::vector<std::string> FloatGraphs() {
  std::vector<std::string> names;
  DIR* d = opendir(BenchDir().c_str());
  if (!d) return names;
  while (dirent* e = readdir(d)) {
    std::string n = e->d_name;
    if (n.size() > 6 && n.compare(n.size() - 6, 6, ".param") == 0 && n.find("_int8") == std::string::npos)
      names.push_back(n.substr(0, n.size() - 6));
  }
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

TEST_CASE("ncnn benchmark graphs run with generated weights and match their shape hints", "[net][ncnn]") {
  std::vector<std::string> graphs = FloatGraphs();
  if (graphs.empty()) FAIL("no ncnn benchmark graphs in " << BenchDir() << " (set EMBER_NCNN_BENCH_DIR)");
  CHECK(graphs.size() == 27);
  // Graphs known not to run yet, with the reason the importer must give.
  const std::map<std::string, std::string> expected_failures = {
      {"vision_transformer", "MultiHeadAttention"},
  };
  int ran = 0, checked_blobs = 0;
  std::vector<std::string> failures;
  for (const auto& g : graphs) {
    const std::string path = BenchDir() + "/" + g + ".param";
    const auto t0 = std::chrono::steady_clock::now();
    ModelOptions mo;
    mo.generate_weights = true;
    std::shared_ptr<const Model> model;
    Status s = Model::Load(path, mo, &model);
    auto expected = expected_failures.find(g);
    if (expected != expected_failures.end()) {
      INFO(g << ": " << s.message());
      CHECK_FALSE(s.ok());
      CHECK(s.message().find(expected->second) != std::string::npos);
      std::printf("%-20s expected failure: %s\n", g.c_str(), s.message().c_str());
      continue;
    }
    if (!s.ok()) {
      failures.push_back(g + ": " + s.message());
      std::printf("%-20s FAILED to load: %s\n", g.c_str(), s.message().c_str());
      continue;
    }
    std::unique_ptr<Predictor> p;
    PredictorOptions po;
    po.threads = 2;
    REQUIRE(Predictor::Create(model, po, &p).ok());
    const BlockDesc& b = model->program().block0();
    for (const auto& name : p->FeedNames()) {
      const VarDesc* v = b.FindVar(name);
      REQUIRE(v);
      std::vector<int64_t> dims = v->dims;
      // Inputs without a declared shape run at the size ncnn's benchncnn gives them.
      if (DDim(dims).numel() <= 0 && g == "FastestDet") dims = {1, 3, 352, 352};
      REQUIRE(DDim(dims).numel() > 0);
      REQUIRE(p->SetInput(name, RandomTensor(DDim(dims), 7, 0.f, 1.f)).ok());
    }
    std::set<std::string> detections;
    auto hints = ReadHints(path, &detections);
    std::vector<std::string> fetch;
    for (const auto& kv : hints)
      if (b.FindVar(kv.first)) fetch.push_back(kv.first);
    for (const auto& f : p->FetchNames())
      if (!hints.count(f)) fetch.push_back(f);
    s = p->Run(fetch);
    if (!s.ok()) {
      failures.push_back(g + ": " + s.message());
      std::printf("%-20s FAILED to run: %s\n", g.c_str(), s.message().c_str());
      continue;
    }
    int graph_checked = 0;
    for (const auto& name : fetch) {
      const Tensor* t = nullptr;
      REQUIRE(p->GetOutput(name, &t).ok());
      auto h = hints.find(name);
      if (h != hints.end()) {
        INFO(g << " blob " << name);
        CHECK(t->dims() == DDim(h->second));
        ++graph_checked;
      }
      if (detections.count(name)) {
        INFO(g << " detections " << name << " " << t->dims().ToString());
        CHECK((t->dims().size() == 3 && t->dims()[0] == 1 && t->dims()[2] == 6));
      }
      std::vector<float> vals = ToVector(*t);
      bool finite = true;
      for (float x : vals) finite = finite && std::isfinite(x);
      INFO(g << " blob " << name);
      CHECK(finite);
    }
    // Every graph output that has a hint is among the checked blobs.
    for (const auto& f : p->FetchNames()) {
      INFO(g << " output " << f);
      if (hints.count(f)) CHECK(std::find(fetch.begin(), fetch.end(), f) != fetch.end());
    }
    // Only the graph outputs fetched: the first run at this fetch set copies every concat, split and slice,
    // the next ones run on the planned arena where those share storage (StorageView). Same results.
    std::vector<std::vector<float>> first;
    for (int run = 0; run < 3; ++run) {
      INFO(g << " run " << run << " of the outputs alone");
      REQUIRE(p->Run().ok());
      for (size_t i = 0; i < p->FetchNames().size(); ++i) {
        const Tensor* t = nullptr;
        REQUIRE(p->GetOutput(p->FetchNames()[i], &t).ok());
        if (run == 0) {
          first.push_back(ToVector(*t));
          continue;
        }
        std::string why;
        const bool same = AllClose(ToVector(*t), first[i], 1e-5f, 1e-5f, &why);
        INFO(p->FetchNames()[i] << ": " << why);
        CHECK(same);
      }
    }
    checked_blobs += graph_checked;
    ++ran;
    const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-20s ok: %d hinted blobs match, %zu outputs, %.2f s\n", g.c_str(), graph_checked,
                p->FetchNames().size(), sec);
  }
  std::printf("ncnn bench graphs: %d of %zu fp32 graphs ran, %d hinted blobs checked\n", ran, graphs.size(),
              checked_blobs);
  for (const auto& f : failures) FAIL_CHECK(f);
  CHECK(ran + static_cast<int>(expected_failures.size()) == static_cast<int>(graphs.size()));
}
