// Executor<CPU>: runs one ProgramDesc against a scope of weights. One executor per concurrent predictor;
// the program and the weights are shared and never written.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "framework/operator.h"
#include "framework/program_desc.h"
#include "framework/scope.h"

namespace ember {

struct ExecutorOptions {
  int threads = 1;
};

class Executor {
 public:
  // program and weights must outlive the executor.
  Executor(const ProgramDesc* program, const Scope* weights, ExecutorOptions options = {});
  ~Executor();

  // Feed names: the feed ops' targets, or (for programs without feed ops) the tensors no op produces.
  const std::vector<std::string>& FeedNames() const { return feed_names_; }
  const std::vector<std::string>& FetchNames() const { return fetch_names_; }

  // Copies a tensor into the named variable. Any variable may be fed, not only the feed targets.
  Status SetInput(const std::string& name, const Tensor& tensor);
  // Forgets all inputs set so far.
  void ClearInputs();
  // Runs the ops needed to compute `fetch` (default: the program's fetch targets) from the inputs set.
  Status Run(const std::vector<std::string>& fetch = {});
  // A variable after Run (any variable may be fetched if it was computed).
  Status GetOutput(const std::string& name, const Tensor** out) const;
  // Number of ops the last Run executed.
  size_t LastRunOpCount() const { return last_run_ops_; }

 private:
  struct Plan {
    std::vector<size_t> ops;  // indices into block 0, in program order
  };
  Status BuildPlan(const std::set<std::string>& fed, const std::vector<std::string>& targets, Plan* plan);
  Status RunPlan(Plan* plan);
  Status EnsureOp(size_t index);

  const ProgramDesc* program_;
  ExecutorOptions options_;
  Scope scope_;
  std::vector<std::string> feed_names_;
  std::vector<std::string> fetch_names_;
  std::set<std::string> fed_;
  std::vector<std::unique_ptr<OperatorBase>> ops_;  // created lazily, by op index
  std::vector<bool> inited_;
  std::map<std::string, Plan> plans_;
  size_t last_run_ops_ = 0;
};

}  // namespace ember
