// Shared by the libFuzzer targets: resource limits, and running a loaded program once on small inputs.
//
// Limits (environment, read once): EMBER_FUZZ_TENSOR_LIMIT_MB (default 64) is the largest tensor a model
// may make Ember allocate (SetTensorMemoryLimit); a larger request must come back as an error. libFuzzer's
// -malloc_limit_mb / -rss_limit_mb (tools/fuzz.sh) turn any bigger allocation elsewhere into a failure, and
// -timeout (5 s) any input that loops or runs too long.
//
// Work bound: a model whose weights hold more than kRunBudget elements in all is loaded but not run. A large
// valid model is slow, not wrong (a 16M-element generated filter takes about a second under ASan), and the
// 5 s timeout is there to catch endless loops, so the harness keeps honest inputs well below it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "framework/executor.h"
#include "framework/op_registry.h"
#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/tensor.h"
#include "io/ember.h"
#include "passes/passes.h"

namespace ember_fuzz {

inline void InitLimits() {
  static bool done = [] {
    const char* mb = std::getenv("EMBER_FUZZ_TENSOR_LIMIT_MB");
    size_t limit = mb ? static_cast<size_t>(std::strtoull(mb, nullptr, 10)) : 64;
    ember::SetTensorMemoryLimit(limit << 20);
    return true;
  }();
  (void)done;
}

constexpr int64_t kRunBudget = int64_t{2} << 20;

// Elements in all of a scope's tensors.
inline int64_t WeightElements(const ember::Scope& weights) {
  int64_t n = 0;
  for (const auto& name : weights.LocalVarNames())
    if (const ember::Variable* v = weights.FindLocalVar(name)) n += std::max<int64_t>(0, v->Get().numel());
  return n;
}

// A small input for a feed of declared dims: unknown dims become 1, every dim at most 32, and the
// largest dims are halved until the tensor holds at most 64K elements. Empty when the rank is absurd.
inline bool SmallShape(const std::vector<int64_t>& declared, std::vector<int64_t>* dims) {
  if (declared.size() > 8) return false;
  dims->clear();
  for (int64_t d : declared) dims->push_back(d <= 0 ? 1 : std::min<int64_t>(d, 32));
  auto numel = [&] {
    int64_t n = 1;
    for (int64_t d : *dims) n *= d;
    return n;
  };
  while (numel() > (1 << 16)) {
    auto it = std::max_element(dims->begin(), dims->end());
    *it = (*it + 1) / 2;
  }
  return true;
}

inline ember::DataType FeedType(int var_dtype) {
  switch (static_cast<ember::VarDataType>(var_dtype)) {
    case ember::VarDataType::kInt32: return ember::DataType::kInt32;
    case ember::VarDataType::kInt64: return ember::DataType::kInt64;
    case ember::VarDataType::kBool: return ember::DataType::kBool;
    case ember::VarDataType::kUInt8: return ember::DataType::kUInt8;
    case ember::VarDataType::kInt8: return ember::DataType::kInt8;
    default: return ember::DataType::kFloat32;
  }
}

// A deterministic small-valued tensor (small non-negative integers, so index inputs are mostly valid).
inline ember::Tensor MakeInput(const ember::VarDesc* var) {
  std::vector<int64_t> dims;
  if (!var || !SmallShape(var->dims, &dims)) dims = {1};
  ember::Tensor t(var ? FeedType(var->dtype) : ember::DataType::kFloat32, ember::DDim(dims));
  int64_t n = t.numel();
  switch (t.dtype()) {
    case ember::DataType::kFloat32: {
      float* p = t.mutable_data<float>();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<float>(i % 17) / 8.f - 1.f;
      break;
    }
    case ember::DataType::kInt32: {
      int32_t* p = t.mutable_data<int32_t>();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<int32_t>(i % 3);
      break;
    }
    case ember::DataType::kInt64: {
      int64_t* p = t.mutable_data<int64_t>();
      for (int64_t i = 0; i < n; ++i) p[i] = i % 3;
      break;
    }
    case ember::DataType::kBool: {
      bool* p = t.mutable_data<bool>();
      for (int64_t i = 0; i < n; ++i) p[i] = i % 2;
      break;
    }
    case ember::DataType::kUInt8: {
      uint8_t* p = t.mutable_data<uint8_t>();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<uint8_t>(i % 3);
      break;
    }
    case ember::DataType::kInt8: {
      int8_t* p = t.mutable_data<int8_t>();
      for (int64_t i = 0; i < n; ++i) p[i] = static_cast<int8_t>(i % 3);
      break;
    }
    default: break;
  }
  return t;
}

// Optimizes an imported program and runs it once on small inputs, as Model/Predictor would (the public
// API turns std::bad_alloc into a Status; so does this). Errors are fine; crashes and reports are not.
inline void OptimizeAndRun(ember::ProgramDesc* program, ember::Scope* weights) {
  try {
    if (program->blocks.empty() || !ember::MissingOps(*program).empty()) return;
    if (!ember::OptimizeProgram(program, weights).ok()) return;
    if (WeightElements(*weights) > kRunBudget) return;
    ember::Executor exec(program, weights);
    for (const auto& name : exec.FeedNames())
      if (!exec.SetInput(name, MakeInput(program->block0().FindVar(name))).ok()) return;
    (void)exec.Run();
  } catch (const std::bad_alloc&) {
  }
}

// A model loaded through the public API, run once by a predictor on small inputs (models within the work bound),
// every output byte read. Errors are fine; crashes and reports are not.
inline void PredictOnce(const std::shared_ptr<const ember::Model>& model) {
  if (WeightElements(model->weights()) > kRunBudget) return;
  std::unique_ptr<ember::Predictor> predictor;
  if (!ember::Predictor::Create(model, {}, &predictor).ok()) return;
  for (const auto& name : predictor->FeedNames())
    if (!predictor->SetInput(name, MakeInput(model->program().block0().FindVar(name))).ok()) return;
  if (!predictor->Run().ok()) return;
  for (const auto& name : predictor->FetchNames()) {
    const ember::Tensor* out = nullptr;
    if (predictor->GetOutput(name, &out).ok() && out && out->raw_data() && out->nbytes()) {
      // The whole output must be readable: a byte of every cache line and the last one (an output of tens of
      // MB read byte by byte took seconds under ASan).
      volatile uint8_t sink = 0;
      const uint8_t* p = static_cast<const uint8_t*>(out->raw_data());
      const size_t n = out->nbytes();
      for (size_t i = 0; i < n; i += 64) sink ^= p[i];
      sink ^= p[n - 1];
      (void)sink;
    }
  }
}

}  // namespace ember_fuzz
