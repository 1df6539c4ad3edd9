// ModelOptions::release_packed_weights: a conv frees its filter once its packed copy exists; later predictors
// share the copies, and an input shape that would choose another kernel path runs the one the filter was packed
// for. Expected values: the same model loaded with the option off (its filters kept, each shape's own path).
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "io/ember.h"
#include "test_util.h"

using namespace ember;
using namespace ember::test;

namespace {

// 3x3 convs (Winograd at 48x48 on every folder, GEMM below 3x3 outputs), a depthwise and a 1x1 conv.
constexpr const char* kParam =
    "7767517\n"
    "5 5\n"
    "Input data 0 1 data 0=48 1=48 2=3\n"
    "Convolution c1 1 1 data a 0=16 1=3 4=1 5=1 6=432 9=1\n"
    "Convolution c2 1 1 a b 0=32 1=3 4=1 5=1 6=4608\n"
    "ConvolutionDepthWise dw 1 1 b c 0=32 1=3 4=1 5=1 6=288 7=32 9=1\n"
    "Convolution c3 1 1 c out 0=8 1=1 5=1 6=256\n";

std::shared_ptr<const Model> Load(bool release, bool keep_loaded = false) {
  const std::string path = "release_packed_weights_test.param";
  std::ofstream(path) << kParam;
  ModelOptions mo;
  mo.generate_weights = true;
  mo.release_packed_weights = release;
  mo.keep_loaded_program = keep_loaded;
  std::shared_ptr<const Model> model;
  const Status s = Model::Load(path, mo, &model);
  std::remove(path.c_str());
  INFO(s.message());
  REQUIRE(s.ok());
  return model;
}

std::vector<float> Run(Predictor* p, int64_t hw) {
  REQUIRE(p->SetInput("data", RandomTensor({1, 3, hw, hw}, static_cast<uint32_t>(hw))).ok());
  const Status s = p->Run();
  INFO(s.message());
  REQUIRE(s.ok());
  const Tensor* out = nullptr;
  REQUIRE(p->GetOutput("out", &out).ok());
  return ToVector(*out);
}

std::unique_ptr<Predictor> NewPredictor(const std::shared_ptr<const Model>& model) {
  std::unique_ptr<Predictor> p;
  PredictorOptions po;
  po.profile = true;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  return p;
}

// The kernel the last run's conv writing `out` ran.
std::string KernelOf(const Predictor& p, const std::string& out) {
  for (const OpProfile& op : p.LastProfile())
    if (op.op->Output("Output") == std::vector<std::string>{out}) return op.kernel;
  return "";
}

void CheckClose(const std::vector<float>& got, const std::vector<float>& want, const std::string& what) {
  std::string why;
  const bool close = AllClose(got, want, 1e-4f, 1e-4f, &why);
  INFO(what << ": " << why);
  CHECK(close);
}

}  // namespace

TEST_CASE("release_packed_weights frees conv filters once packed, other shapes run the packed path",
          "[io][memory]") {
  auto kept = Load(false);
  auto freed = Load(true);
  auto want = NewPredictor(kept);
  auto got = NewPredictor(freed);
  CHECK(freed->weights().released_bytes() == 0);  // nothing is freed before a conv has packed
  const std::vector<float> want48 = Run(want.get(), 48), got48 = Run(got.get(), 48);
  CHECK(got48 == want48);  // the same paths and packed filters at the shape they were packed for
  // Every filter is a conv's alone: all of them freed (432 + 4608 + 288 + 256 floats), the copies kept.
  CHECK(freed->weights().released_bytes() == (432 + 4608 + 288 + 256) * sizeof(float));
  CHECK(freed->weights().derived_bytes() > 0);
  CHECK(kept->weights().released_bytes() == 0);
  // 2x2 and 5x5 outputs would choose GEMM for the 3x3 convs (Winograd below 3x3 outputs does not pay).
  for (int64_t hw : {2, 5, 48}) CheckClose(Run(got.get(), hw), Run(want.get(), hw), "hw " + std::to_string(hw));
  Run(got.get(), 2);
  Run(want.get(), 2);
  CHECK(KernelOf(*want, "b").rfind("gemm", 0) == 0);  // the path 2x2 chooses, with the filter kept
  CHECK(KernelOf(*got, "b").rfind("winograd", 0) == 0);  // the path the freed filter was packed for
  // A predictor made after the filters went uses the copies.
  auto later = NewPredictor(freed);
  CHECK(Run(later.get(), 48) == want48);
  CheckClose(Run(later.get(), 2), Run(want.get(), 2), "later predictor, hw 2");
}

TEST_CASE("release_packed_weights keeps the filters where the program as loaded stays runnable", "[io][memory]") {
  auto model = Load(true, /*keep_loaded=*/true);
  auto p = NewPredictor(model);
  Run(p.get(), 48);
  CHECK(model->weights().released_bytes() == 0);
  CHECK(model->weights().derived_bytes() > 0);
}
