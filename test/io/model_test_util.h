// Helpers for tests of whole models through the public API (Catch2): load one or fail the test naming it, run
// one on given inputs and keep copies of its outputs.
#pragma once

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "io/ember.h"

namespace ember {
namespace test {

inline std::shared_ptr<const Model> MustLoad(const std::string& path, const ModelOptions& mo) {
  std::shared_ptr<const Model> m;
  Status s = Model::Load(path, mo, &m);
  INFO(path << ": " << s.message());
  REQUIRE(s.ok());
  return m;
}

inline std::shared_ptr<const Model> MustLoad(const std::string& path, bool optimize, bool generate_weights = false) {
  ModelOptions mo;
  mo.optimize = optimize;
  mo.generate_weights = generate_weights;
  return MustLoad(path, mo);
}

// Runs a model on the given inputs; returns a copy of every fetch target.
inline std::vector<Tensor> RunAll(const std::shared_ptr<const Model>& m, const std::map<std::string, Tensor>& inputs) {
  std::unique_ptr<Predictor> p;
  REQUIRE(Predictor::Create(m, {}, &p).ok());
  for (const auto& kv : inputs) {
    Status s = p->SetInput(kv.first, kv.second);
    INFO(s.message());
    REQUIRE(s.ok());
  }
  Status s = p->Run();
  INFO(s.message());
  REQUIRE(s.ok());
  std::vector<Tensor> outs;
  for (const auto& n : m->FetchNames()) {
    const Tensor* t = nullptr;
    REQUIRE(p->GetOutput(n, &t).ok());
    Tensor copy;
    REQUIRE(copy.CopyFrom(*t).ok());
    outs.push_back(std::move(copy));
  }
  return outs;
}

}  // namespace test
}  // namespace ember
