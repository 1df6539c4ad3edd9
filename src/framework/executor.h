// Executor<CPU>: runs one ProgramDesc against a scope of weights. One executor per concurrent predictor;
// the program and the weights are shared and never written.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "framework/device_backend.h"
#include "framework/helper_watch.h"
#include "framework/operator.h"
#include "framework/program_desc.h"
#include "framework/scope.h"

namespace ember {

struct ExecutorOptions {
  int threads = 1;
  // Light mode: intermediates share one planned arena (and are freed after their last reader on the
  // first run at a new shape). Only the requested outputs and the inputs stay readable after Run.
  bool light_mode = true;
  // Time every op's Run and keep the shapes it saw (LastProfile), for `ember bench --profile`.
  bool profile = false;
  // The device that runs the ops it has kernels for (framework/device_backend.h); nullptr: the CPU runs all.
  std::shared_ptr<DeviceBackend> backend;
};

// One op of a profiled Run: which op, how long its Run took, and the shapes of its inputs and outputs.
struct OpTiming {
  size_t op_index = 0;  // into block 0
  double ms = 0;
  double device_ms = -1;             // its work on the device backend (GPU timestamps); -1: none
  std::map<std::string, DDim> dims;  // every input and output variable
  std::string kernel;                // OperatorBase::KernelName() after the Run
  std::string why_on_host;           // with a device backend: why the CPU ran it ("" when the device did)
};

// Activation memory of the last Run's plan (bytes).
struct MemoryStats {
  size_t arena_bytes = 0;   // planned peak (0 until a run at the current shapes has been planned)
  size_t lower_bound = 0;   // largest sum of simultaneously live intermediates
  size_t naive_bytes = 0;   // every intermediate its own buffer
  size_t tensors = 0;       // intermediates planned
  size_t views = 0;         // intermediates placed inside another's storage (StorageView: no copy)
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
  // An input set with SetInput, or nullptr.
  const Tensor* Input(const std::string& name) const;
  // Whether `name` is an NCHW copy of an NCHW16c tensor (computed from the packed tensor, so not feedable).
  bool IsPackedCopy(const std::string& name) const { return packed_copies_.count(name) > 0; }
  // Runs the ops needed to compute `fetch` (default: the program's fetch targets) from the inputs set.
  Status Run(const std::vector<std::string>& fetch = {});
  // A variable after Run (any variable may be fetched if it was computed).
  Status GetOutput(const std::string& name, const Tensor** out) const;
  // The output moved into *out when its storage is its own (the next Run allocates anew), else copied.
  Status TakeOutput(const std::string& name, Tensor* out);
  // Number of ops the last Run executed.
  size_t LastRunOpCount() const { return last_run_ops_; }
  const MemoryStats& LastMemoryStats() const { return last_stats_; }
  // Per-op timings of the last Run (profile option), in execution order.
  const std::vector<OpTiming>& LastProfile() const { return last_profile_; }
  // The device backend's work in the last Run (zeros without one).
  DeviceRunStats LastDeviceRun() const { return options_.backend ? options_.backend->LastRun() : DeviceRunStats(); }

 private:
  struct Plan {
    std::vector<size_t> ops;                     // indices into block 0, in program order
    std::vector<std::string> temps;              // intermediates (not fed, not weights, not kept outputs)
    std::vector<std::string> kept;               // requested outputs
    std::vector<int> first, last;                // per temp: first writing step, last reading step
    std::vector<int> writers;                    // per temp: how many of the plan's ops write it
    std::vector<std::vector<size_t>> free_after;  // per step: temps whose last reader it is
    // The arena, planned from the sizes seen at `planned_dims` (the fed inputs' shapes).
    std::vector<DDim> planned_dims;
    std::vector<size_t> offsets, sizes;
    // Per temp: its exact size when the arena placed it in a view group (a StorageView part or whole, which
    // must keep that size for the shared bytes to line up), else 0.
    std::vector<size_t> view_bytes;
    // Per temp placed inside another by a view its own writer offered (a slice's output in its input): that
    // op's index, the whole's temp index and the byte offset, checked again on every run (-1: none).
    std::vector<long> view_offerer, view_whole;
    std::vector<size_t> view_offset;
    std::shared_ptr<Allocation> arena;
    MemoryStats stats;
  };
  Status BuildPlan(const std::set<std::string>& fed, const std::vector<std::string>& targets, Plan* plan);
  Status RunPlan(Plan* plan);
  Status PlanArena(Plan* plan, const std::vector<size_t>& sizes, const std::map<const Tensor*, size_t>& temp_index);
  Status EnsureOp(size_t index);

  const ProgramDesc* program_;
  ExecutorOptions options_;
  Scope scope_;
  std::vector<std::string> feed_names_;
  std::vector<std::string> fetch_names_;
  std::set<std::string> fed_;
  std::set<std::string> packed_copies_;  // written by layout_transform to NCHW: never fed
  std::vector<std::unique_ptr<OperatorBase>> ops_;  // created lazily, by op index
  std::vector<bool> inited_;
  std::map<std::string, Plan> plans_;
  size_t last_run_ops_ = 0;
  MemoryStats last_stats_;
  std::vector<OpTiming> last_profile_;
  std::set<std::string> readable_;  // what GetOutput may return in light mode
  HelperWatch helper_watch_;         // one thread for a while when the helpers stay parked (a busy CPU)
};

}  // namespace ember
