// Thread safety: N predictors on one shared Model, each in its own thread, for many iterations with
// different inputs; every output must equal what one predictor computes alone. CI also runs this binary
// built with ThreadSanitizer (clang + LLVM's OpenMP with its Archer tool), which reports any data race.
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

#include "io/ember.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

struct Case {
  std::string dir, feed, fetch;
  DDim dims;
  int iterations;
};

std::vector<float> RunOnce(Predictor* p, const Case& c, const Tensor& x) {
  std::vector<float> out;
  if (!p->SetInput(c.feed, x).ok() || !p->Run().ok()) return out;
  const Tensor* t = nullptr;
  if (p->GetOutput(c.fetch, &t).ok()) out = ToVector(*t);
  return out;
}

void Stress(const Case& c, int threads, int omp_threads) {
  std::shared_ptr<const Model> model;
  Status s = Model::Load(ModelsDir() + c.dir, {}, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  const int kInputs = 4;
  std::vector<Tensor> inputs;
  std::vector<std::vector<float>> want;
  {
    std::unique_ptr<Predictor> solo;
    REQUIRE(Predictor::Create(model, {}, &solo).ok());
    for (int i = 0; i < kInputs; ++i) {
      inputs.push_back(RandomTensor(c.dims, 100 + static_cast<uint32_t>(i)));
      want.push_back(RunOnce(solo.get(), c, inputs.back()));
      REQUIRE_FALSE(want.back().empty());
    }
  }
  std::atomic<int> mismatches{0}, failures{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      PredictorOptions po;
      po.threads = omp_threads;
      std::unique_ptr<Predictor> p;
      if (!Predictor::Create(model, po, &p).ok()) {
        ++failures;
        return;
      }
      for (int it = 0; it < c.iterations; ++it) {
        int k = (t + it) % kInputs;  // threads work on different inputs at the same time
        std::vector<float> got = RunOnce(p.get(), c, inputs[static_cast<size_t>(k)]);
        if (got.empty()) ++failures;
        else if (!AllClose(got, want[static_cast<size_t>(k)], 1e-5f, 1e-5f)) ++mismatches;
      }
    });
  for (auto& th : pool) th.join();
  CHECK(failures == 0);
  CHECK(mismatches == 0);
}

}  // namespace

TEST_CASE("many predictors on one model in many threads agree with a single predictor", "[thread]") {
  REQUIRE_MODELS();
  Stress({"/paddle/mnist_mlp_handwriting", "image", "save_infer_model/scale_0.tmp_4", {1, 1, 28, 28}, 40}, 4, 1);
  Stress({"/paddle/paddlejs_gesture_rec", "img", "save_infer_model/scale_0", {1, 3, 224, 224}, 3}, 3, 2);
}
