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
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "framework/program_desc.h"
#include "framework/scope.h"
#include "framework/status.h"
#include "framework/tensor.h"

namespace ember {

struct ModelOptions {
  std::string params_file;  // combined params file when `path` is a model file with another name
  bool optimize = true;     // run the fusion passes (conv+bn+act, mul+add -> fc, drop dropout/identity)
  // Ignore any params and give every weight deterministic generated values of its declared shape
  // (graph-only models: benchmarks, shape tests).
  bool generate_weights = false;
};

class Model {
 public:
  // `path`: a model folder, or a model file (see io/paddle_loader.h for the layouts recognised).
  static Status Load(const std::string& path, const ModelOptions& options, std::shared_ptr<const Model>* out);
  // Model and combined params from memory (copied). params may be null when the model has no weights.
  static Status LoadFromMemory(const void* model, size_t model_size, const void* params, size_t params_size,
                               const ModelOptions& options, std::shared_ptr<const Model>* out);

  // The program the Predictors run (optimized unless options.optimize was false) and as loaded.
  const ProgramDesc& program() const { return optimize_ ? program_.optimized : program_.loaded; }
  const Program& programs() const { return program_; }
  const Scope& weights() const { return weights_; }
  std::vector<std::string> FeedNames() const { return program().FeedNames(); }
  std::vector<std::string> FetchNames() const { return program().FetchNames(); }
  const std::string& source() const { return source_; }  // the files it came from

 private:
  Model() = default;
  static Status Finish(std::unique_ptr<Model> m, const ModelOptions& options, std::shared_ptr<const Model>* out);

  Program program_;
  Scope weights_;
  bool optimize_ = true;
  std::string source_;
};

struct PredictorOptions {
  int threads = 1;                // OpenMP threads this predictor's runs use
  bool use_loaded_program = false;  // run the program as loaded, without the passes (for comparisons)
};

class Executor;

class Predictor {
 public:
  static Status Create(std::shared_ptr<const Model> model, const PredictorOptions& options,
                       std::unique_ptr<Predictor>* out);
  ~Predictor();

  std::vector<std::string> FeedNames() const;
  std::vector<std::string> FetchNames() const;
  Status SetInput(const std::string& name, const Tensor& tensor);
  Status Run(const std::vector<std::string>& fetch = {});
  // Valid until the next Run or SetInput.
  Status GetOutput(const std::string& name, const Tensor** out) const;

 private:
  Predictor() = default;
  std::shared_ptr<const Model> model_;
  std::unique_ptr<Executor> executor_;
};

}  // namespace ember
