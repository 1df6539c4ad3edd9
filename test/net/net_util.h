// Helpers for the whole-network tests test_<net>_net: load a model, feed reference inputs, compare
// against the reference outputs in shared/models (computed by an independent numpy implementation).
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "io/ember.h"
#include "test_util.h"

namespace ember {
namespace test {

struct NetRun {
  std::shared_ptr<const Model> model;
  std::vector<float> output;
  DDim output_dims;
};

inline std::vector<float> RunNet(const std::shared_ptr<const Model>& model, const std::string& input_name,
                                 const Tensor& input, const std::string& output_name, bool loaded_program,
                                 DDim* dims = nullptr, int threads = 1) {
  std::unique_ptr<Predictor> p;
  PredictorOptions po;
  po.use_loaded_program = loaded_program;
  po.threads = threads;
  REQUIRE(Predictor::Create(model, po, &p).ok());
  Status s = p->SetInput(input_name, input);
  INFO(s.message());
  REQUIRE(s.ok());
  s = p->Run();
  INFO(s.message());
  REQUIRE(s.ok());
  const Tensor* out = nullptr;
  REQUIRE(p->GetOutput(output_name, &out).ok());
  if (dims) *dims = out->dims();
  return ToVector(*out);
}

// Loads a model keeping the program as loaded runnable, so tests can compare it with the optimized one.
inline std::shared_ptr<const Model> LoadForComparison(const std::string& path) {
  ModelOptions mo;
  mo.keep_loaded_program = true;
  std::shared_ptr<const Model> model;
  Status s = Model::Load(path, mo, &model);
  INFO(s.message());
  REQUIRE(s.ok());
  return model;
}

inline size_t ArgMax(const std::vector<float>& v) {
  size_t best = 0;
  for (size_t i = 1; i < v.size(); ++i)
    if (v[i] > v[best]) best = i;
  return best;
}

}  // namespace test
}  // namespace ember
