// Ember's public C++ API.
//
//   std::shared_ptr<const ember::Model> model;
//   ember::Status s = ember::Model::Load("mobilenet/", {}, &model);      // folder or model file
//   std::unique_ptr<ember::Predictor> p;
//   s = ember::Predictor::Create(model, {}, &p);
//   s = p->SetInput("image", input_tensor);                               // copied
//   s = p->Run();                                                        // the model's fetch targets
//   const ember::Tensor* out = nullptr;
//   s = p->GetOutput(model->FetchNames()[0], &out);
//
// Contract:
// - A Model is immutable after Load and may be shared by any number of threads.
// - A Predictor is one run context: use each from one thread at a time; create one per thread (cheap).
//   Every Run recomputes its outputs from the inputs set; a new input shape re-infers all shapes.
// - No function throws; errors come back as a Status whose message names the file, op or variable.
// - Ops Ember lacks can be added from application code: RegisterCustomOp (framework/custom_op.h).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "framework/custom_op.h"
#include "framework/device_stats.h"
#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"
#include "passes/passes.h"

namespace ember {

struct ModelOptions {
  std::string params_file;  // combined params file when `path` is a model file with another name
  bool optimize = true;     // run the fusion passes (conv+bn+act, mul+add -> fc, drop dropout/identity)
  // Ignore any params and give every weight deterministic generated values of its declared shape
  // (graph-only models: benchmarks, shape tests).
  bool generate_weights = false;
  // With generate_weights: every float weight 0, the data ncnn's benchmark runs its graphs on (an empty
  // DataReader). For same-data comparisons with it where a float op's cost depends on its operands (qemu
  // emulates float arithmetic in software, with shortcuts for zeros); never for real use.
  bool zero_weights = false;
  // Keep the weights that only the program as loaded uses (originals of folded filters), so predictors
  // can run it with PredictorOptions::use_loaded_program. Off: they are freed after the passes.
  bool keep_loaded_program = false;
  // Free each conv filter that only its conv reads once the conv has made its packed copy (the first
  // predictor's first run): peak memory drops by about the size of the weights. A later input shape that
  // would choose another kernel path for such a conv runs the path its filter was packed for. Only where the
  // program as loaded is not kept (keep_loaded_program off, optimize on).
  bool release_packed_weights = true;
  // LoadFromMemory only: use the params buffer in place (zero-copy) instead of copying it. The caller then
  // keeps the buffer alive and unchanged for as long as the Model (and any Predictor of it) exists.
  bool use_caller_memory = false;
  // Passes to skip, by name (src/passes/passes.cpp lists them; `ember inspect --passes` shows what each did).
  std::vector<std::string> disabled_passes;
};

// Returns the bytes of a named file (e.g. decrypting a protected model in memory).
using FileReader = std::function<Status(const std::string& name, std::string* contents)>;

class Model {
 public:
  // `path`: a model folder, or a model file (see io/paddle/paddle_loader.h for the layouts recognised).
  static Status Load(const std::string& path, const ModelOptions& options, std::shared_ptr<const Model>* out);
  // Model and params through a reader callback: model_name and params_name are passed to `read`; with an
  // empty params_name, each weight is read by its variable name (the one-file-per-weight layout).
  static Status LoadWithReader(const std::string& model_name, const std::string& params_name, const FileReader& read,
                               const ModelOptions& options, std::shared_ptr<const Model>* out);
  // A model from memory, its format told by its first bytes: a Paddle ProgramDesc with its combined params
  // (copied unless options.use_caller_memory; params may be null when it has no weights), an ONNX model
  // (params null: the weights are inside) or an ncnn .param (text or binary) with its .bin as params (copied).
  static Status LoadFromMemory(const void* model, size_t model_size, const void* params, size_t params_size,
                               const ModelOptions& options, std::shared_ptr<const Model>* out);

  // The program the Predictors run (optimized unless options.optimize was false) and as loaded.
  const ProgramDesc& program() const { return optimize_ ? program_.optimized : program_.loaded; }
  const Program& programs() const { return program_; }
  const Scope& weights() const { return weights_; }
  std::vector<std::string> FeedNames() const { return program().FeedNames(); }
  std::vector<std::string> FetchNames() const { return program().FetchNames(); }
  const std::string& source() const { return source_; }  // the files it came from
  bool loaded_program_runnable() const { return loaded_program_runnable_; }
  // What each pass did at load (empty when options.optimize was false).
  const std::vector<PassReport>& pass_reports() const { return pass_reports_; }
  const PassOptions& pass_options() const { return pass_options_; }
  // Weights for the program as loaded: the model's own when they were kept, else read again from where the
  // model came from into `scope` (a buffer copied at load cannot be read again). *out is the scope to use.
  Status LoadedProgramWeights(Scope* scope, const Scope** out) const;

 private:
  Model() = default;
  static Status Finish(std::unique_ptr<Model> m, const ModelOptions& options, std::shared_ptr<const Model>* out);

  Program program_;
  Scope weights_;
  bool optimize_ = true;
  bool loaded_program_runnable_ = true;
  std::string source_;
  std::vector<PassReport> pass_reports_;
  PassOptions pass_options_;
  std::function<Status(Scope*)> reload_weights_;  // null when the source cannot be read again
};

struct PredictorOptions {
  int threads = 1;                  // OpenMP threads this predictor's runs use
  // Light mode (default): intermediates share one arena planned from their lifetimes; after Run only the
  // requested outputs (and the inputs) can be read. Off: every variable keeps its own memory and any
  // computed variable can be read after Run.
  bool light_mode = true;
  bool use_loaded_program = false;  // run the program as loaded, without the passes (for comparisons)
  bool profile = false;             // time each op (Predictor::LastProfile)
  // "cpu", or "vulkan": ops with a Vulkan kernel run on the GPU, the others on the CPU (docs/DESIGN.md, Vulkan).
  std::string device = "cpu";
  // Vulkan: a file of the driver's compiled pipelines (VkPipelineCache), loaded when the predictor is created
  // (when it exists and this device and driver wrote it) and written after a run that built new pipelines, so
  // that the next process skips compiling them. "": none.
  std::string vulkan_pipeline_cache;
  // Vulkan: weights stored on the GPU as IEEE halves (half the memory and bandwidth; the shaders still compute in
  // float32, activations stay float32). Their rounding moves outputs by about 1e-3 of their range (docs/BENCH.md).
  bool vulkan_fp16_weights = false;
  // Vulkan: activations stored on the GPU as IEEE halves where the device writes 16-bit storage (half their
  // memory; the shaders compute in float32 and round each output once). Outputs move by about 1e-3 of their range.
  bool vulkan_fp16_activations = false;
};

// One op of a profiled Run.
struct OpProfile {
  const OpDesc* op = nullptr;               // in the program the predictor runs
  double ms = 0;                            // its Run (on the host: for a GPU op, recording its dispatches)
  double device_ms = -1;                    // its dispatches' GPU time (timestamps, profile on); -1: none
  std::map<std::string, DDim> dims;         // shapes of its inputs and outputs in that Run
  std::string kernel;                       // implementation chosen ("" when the kernel does not say)
  std::string why_on_host;                  // a device predictor's op the CPU ran: why not the device ("": it did)
};

// Activation memory of a predictor's last Run (bytes).
struct PredictorMemory {
  size_t arena_bytes = 0;   // planned activation peak (light mode; 0 before a second run at a shape)
  size_t lower_bound = 0;   // the largest sum of intermediates alive at once
  size_t naive_bytes = 0;   // every intermediate its own buffer
};

class Executor;

class Predictor {
 public:
  static Status Create(std::shared_ptr<const Model> model, const PredictorOptions& options,
                       std::unique_ptr<Predictor>* out);
  ~Predictor();

  std::vector<std::string> FeedNames() const;
  std::vector<std::string> FetchNames() const;
  // Any variable of the program as loaded may be fed and fetched, also one the passes fused away or packed
  // into NCHW16c: the predictor then runs a program derived from the one as loaded with the passes keeping
  // those variables observable (built when such a name is first used, and again for each new one; where
  // the Model freed weights the passes replaced, it reads them again once, see
  // Model::LoadedProgramWeights). OpProfile::op pointers of earlier runs do not survive that switch.
  Status SetInput(const std::string& name, const Tensor& tensor);
  Status Run(const std::vector<std::string>& fetch = {});
  // Valid until the next Run or SetInput.
  Status GetOutput(const std::string& name, const Tensor** out) const;
  // The output for the caller to keep: its storage moved into *out (no copy) when no other tensor shares it,
  // copied otherwise; the next Run computes it into new storage. GetOutput of it then fails until that Run.
  Status TakeOutput(const std::string& name, Tensor* out);
  PredictorMemory Memory() const;
  // Per-op timings of the last Run, in execution order (empty unless PredictorOptions::profile).
  std::vector<OpProfile> LastProfile() const;
  // What the device (PredictorOptions::device) did in the last Run: dispatches, barriers, submits (zeros on the CPU).
  DeviceRunStats LastDeviceRun() const;

 private:
  Predictor() = default;
  bool Feedable(const std::string& name) const;
  bool Fetchable(const std::string& name) const;
  // Switches to a program derived from the one as loaded in which `feeds` and `fetches` stay observable.
  Status Observe(const std::vector<std::string>& feeds, const std::vector<std::string>& fetches);

  std::shared_ptr<const Model> model_;
  PredictorOptions options_;
  const ProgramDesc* program_ = nullptr;
  std::unique_ptr<Executor> executor_;
  std::vector<std::string> feed_names_, fetch_names_;  // the model's, whichever program runs
  std::set<std::string> fed_;                          // names set so far
  // The weights of the program as loaded (the model's, or reloaded_weights_ when it freed them), the derived
  // program in use (null: the model's), its weights over them, and the names it keeps observable.
  const Scope* loaded_weights_ = nullptr;
  std::unique_ptr<Scope> reloaded_weights_;
  std::unique_ptr<ProgramDesc> derived_program_;
  std::unique_ptr<Scope> derived_weights_;
  std::set<std::string> observed_feeds_, observed_fetches_;
};

}  // namespace ember
