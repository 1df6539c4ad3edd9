#include "io/ember.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <new>
#include <set>

#include "framework/executor.h"
#include "framework/op_registry.h"
#include "io/paddle/paddle_loader.h"
#include "io/generated_weights.h"
#include "io/ncnn/ncnn_importer.h"
#include "io/onnx/onnx_importer.h"
#include "io/slim/slim_model.h"
#include "passes/passes.h"

namespace ember {

namespace {
// Runs `fn`, turning any exception into a Status: nothing escapes the public API.
template <typename Fn>
Status Guard(Fn&& fn) {
  try {
    return fn();
  } catch (const TensorAllocError& e) {
    return OutOfMemory(e.what());
  } catch (const std::bad_alloc&) {
    return OutOfMemory("out of memory");
  } catch (const std::exception& e) {
    return Internal("unexpected error: ", e.what());
  } catch (...) {
    return Internal("unexpected error");
  }
}

Status CheckOps(const ProgramDesc& program) {
  std::vector<std::string> missing = MissingOps(program);
  if (missing.empty()) return Status::OK();
  std::string list;
  for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
  return Unimplemented("ops not in this build: ", list, " (net profile '", kNetProfile,
                       "'), nor registered custom ops (RegisterCustomOp)");
}
}  // namespace

namespace {
// Filters read by one conv and nothing else (not fed, not fetched): the conv may free them once packed.
std::set<std::string> ConvOnlyFilters(const ProgramDesc& program) {
  std::map<std::string, int> readers;
  std::set<std::string> filters;
  for (const auto& op : program.block0().ops) {
    for (const auto& n : op.AllInputNames()) ++readers[n];
    if (op.type == "conv2d" || op.type == "depthwise_conv2d")
      for (const auto& n : op.Input("Filter")) filters.insert(n);
  }
  for (const auto& n : program.FetchNames()) ++readers[n];
  for (const auto& n : program.FeedNames()) ++readers[n];
  std::set<std::string> out;
  for (const auto& n : filters)
    if (readers[n] == 1) out.insert(n);
  return out;
}

void ZeroWeights(Scope* weights) {
  for (const auto& n : weights->LocalVarNames()) {
    Tensor* t = weights->FindLocalVar(n)->GetMutable();
    if (t->dtype() == DataType::kFloat32 && t->numel() > 0) std::fill_n(t->mutable_data<float>(), t->numel(), 0.f);
    if (t->dtype() == DataType::kInt8 && t->numel() > 0) std::fill_n(t->mutable_data<int8_t>(), t->numel(), 0);
  }
}
}  // namespace

Status Model::Finish(std::unique_ptr<Model> m, const ModelOptions& options, std::shared_ptr<const Model>* out) {
  if (options.generate_weights && options.zero_weights) {  // also the weights made again for the program as loaded
    ZeroWeights(&m->weights_);
    if (auto reload = m->reload_weights_)
      m->reload_weights_ = [reload](Scope* weights) {
        EMBER_RETURN_IF_ERROR(reload(weights));
        ZeroWeights(weights);
        return Status::OK();
      };
  }
  m->optimize_ = options.optimize;
  m->pass_options_.disabled = options.disabled_passes;
  m->pass_options_.target_only = m->program_.loaded.format == "slim";  // optimized when written
  m->program_.optimized = m->program_.loaded;
  EMBER_RETURN_IF_ERROR(CheckPassNames(options.disabled_passes));  // also when the passes do not run
  if (!options.optimize) EMBER_RETURN_IF_ERROR(CheckOps(m->program_.loaded));
  if (options.optimize) {
    EMBER_RETURN_IF_ERROR(
        OptimizeProgram(&m->program_.optimized, &m->weights_, m->pass_options_, &m->pass_reports_));
    // The ops the predictors run: a slim build (`ember profile`) leaves out the ones the passes fold away.
    EMBER_RETURN_IF_ERROR(CheckOps(m->program_.optimized));
    if (!options.keep_loaded_program) {  // free what only the unoptimized program reads
      std::set<std::string> used;
      for (const auto& op : m->program_.optimized.block0().ops)
        for (const auto& n : op.AllInputNames()) used.insert(n);
      for (const auto& n : m->weights_.LocalVarNames())
        if (!used.count(n)) m->weights_.EraseLocalVar(n);
      m->loaded_program_runnable_ = false;
      if (options.release_packed_weights) m->weights_.SetReleasable(ConvOnlyFilters(m->program_.optimized));
    }
  }
  *out = std::shared_ptr<const Model>(std::move(m));
  return Status::OK();
}

namespace {

// Weights read again must be the ones loaded: the files may have changed since (or a relative path moved).
Status CheckReloaded(const ProgramDesc& loaded, const Scope& weights) {
  for (const auto& v : loaded.block0().vars) {
    if (!v.IsWeight()) continue;
    const Variable* w = weights.FindVar(v.name);
    const bool known = !v.dims.empty() && std::all_of(v.dims.begin(), v.dims.end(), [](int64_t d) { return d >= 0; });
    if (!w || !w->Get().initialized() || (known && w->Get().dims() != DDim(v.dims)))
      return InvalidArgument("weight ", Quote(v.name), " read again differs from the one loaded: the model's files "
                             "changed since load");
  }
  return Status::OK();
}

}  // namespace

Status Model::LoadedProgramWeights(Scope* scope, const Scope** out) const {
  return Guard([&]() -> Status {
    if (loaded_program_runnable_) {
      *out = &weights_;
      return Status::OK();
    }
    if (!reload_weights_)
      return Unimplemented("the passes replaced weights of this model, which came from a copied buffer or a reader "
                           "and cannot be read again: load it with ModelOptions::keep_loaded_program (or "
                           "use_caller_memory) to feed or fetch a variable the passes removed");
    EMBER_RETURN_IF_ERROR(reload_weights_(scope));
    EMBER_RETURN_IF_ERROR(CheckReloaded(program_.loaded, *scope));
    *out = scope;
    return Status::OK();
  });
}

namespace {
bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}
}  // namespace

namespace {

// The program as loaded and its weights, from a model file or folder (no passes).
Status ReadModel(const std::string& path, const ModelOptions& options, ProgramDesc* program, Scope* weights,
                 std::string* source) {
  *source = path;
  if (EndsWith(path, ".ember")) return LoadSlimFile(path, program, weights);
  if (EndsWith(path, ".onnx")) return ImportOnnxFile(path, program, weights);
  if (EndsWith(path, ".param") || EndsWith(path, ".param.bin"))
    return ImportNcnnFiles(path, options.params_file, options.generate_weights, program, weights);
  PaddleModelFiles files;
  EMBER_RETURN_IF_ERROR(FindPaddleModelFiles(path, options.params_file, &files));
  std::string buf;
  EMBER_RETURN_IF_ERROR(ReadFileToString(files.model_file, &buf));
  EMBER_RETURN_IF_ERROR(ParseProgramDesc(buf.data(), buf.size(), files.model_file, program));
  *source = files.model_file;
  if (options.generate_weights) {
    *source += " + generated weights";
    return GenerateWeights(*program, 1234, weights);
  }
  if (files.layout == ParamsLayout::kCombined) {
    // Memory-mapped: float32 weights are used in place (zero-copy) and pages load on first touch.
    std::shared_ptr<Allocation> mapped;
    EMBER_RETURN_IF_ERROR(MapFile(files.params_file, &mapped));
    *source += " + " + files.params_file;
    return LoadCombinedParams(*program, mapped->ptr() ? mapped->ptr() : "", mapped->size(), files.params_file,
                              weights, mapped);
  }
  *source += " + weights in " + files.params_dir;
  return LoadSeparateParams(*program, files.params_dir, weights);
}

}  // namespace

Status Model::Load(const std::string& path, const ModelOptions& options, std::shared_ptr<const Model>* out) {
  return Guard([&]() -> Status {
    std::unique_ptr<Model> m(new Model());
    EMBER_RETURN_IF_ERROR(ReadModel(path, options, &m->program_.loaded, &m->weights_, &m->source_));
    std::error_code ec;  // a later chdir must not change which files are read again
    const std::string absolute = std::filesystem::absolute(path, ec).string();
    m->reload_weights_ = [absolute, options](Scope* weights) {
      ProgramDesc program;
      std::string source;
      return ReadModel(absolute, options, &program, weights, &source);
    };
    return Finish(std::move(m), options, out);
  });
}

namespace {

enum class MemoryFormat { kPaddle, kOnnx, kNcnnText, kNcnnBinary, kSlim, kUnknown };

// Which format a model buffer holds, from its first bytes: an ncnn .param starts with the magic 7767517 (text
// or a little-endian int32); a Paddle ProgramDesc with its field 1 (blocks, a message: tag 0x0a); an ONNX
// ModelProto with its field 1 (ir_version, a varint: tag 0x08). Anything else may still be an ONNX model whose
// ir_version is unset (kUnknown: tried as ONNX, and the error says it is none of the three).
MemoryFormat DetectMemoryFormat(const void* model, size_t size) {
  const unsigned char* b = static_cast<const unsigned char*>(model);
  if (IsSlimModel(model, size)) return MemoryFormat::kSlim;
  if (size >= 7 && std::equal(b, b + 7, "7767517")) return MemoryFormat::kNcnnText;
  if (size >= 4 && b[0] == 0x9d && b[1] == 0xfe && b[2] == 0x76 && b[3] == 0x00) return MemoryFormat::kNcnnBinary;
  if (size >= 1 && b[0] == 0x0a) return MemoryFormat::kPaddle;
  if (size >= 1 && b[0] == 0x08) return MemoryFormat::kOnnx;
  return MemoryFormat::kUnknown;
}

// An ONNX or ncnn model from memory into `m` (weights copied).
Status ImportNonPaddleFromMemory(MemoryFormat format, const void* model, size_t model_size, const void* params,
                                 size_t params_size, const ModelOptions& options, ProgramDesc* program,
                                 Scope* weights) {
  if (format == MemoryFormat::kOnnx) {
    if (params) return InvalidArgument("model <memory> is ONNX, which keeps its weights in the model: pass no params");
    return ImportOnnxBuffer(model, model_size, "<memory>", program, weights);
  }
  if (format == MemoryFormat::kUnknown) {
#ifdef EMBER_FORMAT_ONNX
    Status s = params ? ParseError("") : ImportOnnxBuffer(model, model_size, "<memory>", program, weights);
    if (s.ok() || s.code() != StatusCode::kParseError) return s;
#endif
    return ParseError("model <memory>: not a Paddle ProgramDesc, an ONNX model or an ncnn .param (from its first bytes)");
  }
  std::string param(static_cast<const char*>(model), model_size);
  std::string bin;
  if (params) bin.assign(static_cast<const char*>(params), params_size);
  return ImportNcnnBuffers(param, format == MemoryFormat::kNcnnBinary, params ? &bin : nullptr,
                           options.generate_weights, "<memory>", program, weights);
}

}  // namespace

Status Model::LoadFromMemory(const void* model, size_t model_size, const void* params, size_t params_size,
                             const ModelOptions& options, std::shared_ptr<const Model>* out) {
  return Guard([&]() -> Status {
    if (!model) return InvalidArgument("model buffer is null");
    std::unique_ptr<Model> m(new Model());
    const MemoryFormat format = DetectMemoryFormat(model, model_size);
    if (format == MemoryFormat::kSlim) {
      if (params) return InvalidArgument("model <memory> is a slim model, which holds its weights: pass no params");
      std::shared_ptr<Allocation> caller;  // in place, or copied
      if (options.use_caller_memory) caller = std::make_shared<Allocation>(const_cast<void*>(model), model_size, false);
      EMBER_RETURN_IF_ERROR(ParseSlimModel(model, model_size, "<memory>", caller, &m->program_.loaded, &m->weights_));
      m->source_ = "<memory>";
      return Finish(std::move(m), options, out);
    }
    if (format != MemoryFormat::kPaddle) {
      EMBER_RETURN_IF_ERROR(ImportNonPaddleFromMemory(format, model, model_size, params, params_size, options,
                                                      &m->program_.loaded, &m->weights_));
      m->source_ = "<memory>";
      return Finish(std::move(m), options, out);
    }
    EMBER_RETURN_IF_ERROR(ParseProgramDesc(model, model_size, "<memory>", &m->program_.loaded));
    const bool in_place = options.use_caller_memory && params;
    // The weights again, from what stays alive: the caller's buffer (in place) or the generator.
    auto read_weights = [self = m.get(), params, params_size, in_place, options](Scope* weights) -> Status {
      if (options.generate_weights) return GenerateWeights(self->program_.loaded, 1234, weights);
      std::shared_ptr<Allocation> caller;
      if (in_place) caller = std::make_shared<Allocation>(const_cast<void*>(params), params_size, false);
      return LoadCombinedParams(self->program_.loaded, params ? params : "", params ? params_size : 0, "<memory>",
                                weights, caller);
    };
    EMBER_RETURN_IF_ERROR(read_weights(&m->weights_));
    if (in_place || options.generate_weights || !params) m->reload_weights_ = read_weights;
    m->source_ = "<memory>";
    return Finish(std::move(m), options, out);
  });
}

namespace {

// A Paddle model's weights through a reader: a combined file, or one file per weight.
Status ReadWeightsWithReader(const ProgramDesc& program, const std::string& params_name, const FileReader& read,
                             Scope* weights) {
  std::string buf;
  if (!params_name.empty()) {
    EMBER_RETURN_IF_ERROR(read(params_name, &buf));
    return LoadCombinedParams(program, buf.data(), buf.size(), params_name, weights);
  }
  for (const VarDesc* v : WeightVarsInFileOrder(program)) {
    EMBER_RETURN_IF_ERROR(read(v->name, &buf));
    size_t offset = 0;
    Tensor t;
    EMBER_RETURN_IF_ERROR(
        ParseSerializedTensor(reinterpret_cast<const uint8_t*>(buf.data()), buf.size(), &offset, *v, v->name, &t));
    if (offset != buf.size()) return ParseError("params ", Quote(v->name), ": unexpected bytes after the tensor");
    *weights->Var(v->name)->GetMutable() = std::move(t);
  }
  return Status::OK();
}

}  // namespace

Status Model::LoadWithReader(const std::string& model_name, const std::string& params_name, const FileReader& read,
                             const ModelOptions& options, std::shared_ptr<const Model>* out) {
  return Guard([&]() -> Status {
    if (!read) return InvalidArgument("no reader given");
    std::unique_ptr<Model> m(new Model());
    std::string buf;
    EMBER_RETURN_IF_ERROR(read(model_name, &buf));
    EMBER_RETURN_IF_ERROR(ParseProgramDesc(buf.data(), buf.size(), model_name, &m->program_.loaded));
    m->source_ = model_name;
    // The reader is not kept (it may refer to the caller's state), so only generated weights can be made again.
    if (options.generate_weights) {
      m->reload_weights_ = [self = m.get()](Scope* weights) { return GenerateWeights(self->program_.loaded, 1234, weights); };
      EMBER_RETURN_IF_ERROR(m->reload_weights_(&m->weights_));
    } else {
      EMBER_RETURN_IF_ERROR(ReadWeightsWithReader(m->program_.loaded, params_name, read, &m->weights_));
    }
    return Finish(std::move(m), options, out);
  });
}

namespace {

Status ToExecutorOptions(const PredictorOptions& o, ExecutorOptions* eo) {
  eo->threads = o.threads;
  eo->light_mode = o.light_mode;
  eo->profile = o.profile;
  std::unique_ptr<DeviceBackend> backend;
  EMBER_RETURN_IF_ERROR(CreateDeviceBackend(o.device, {o.vulkan_pipeline_cache, o.vulkan_fp16_weights, o.vulkan_fp16_activations}, &backend));
  eo->backend = std::move(backend);
  return Status::OK();
}

// Feed ops before the program and fetch ops after it, so the passes keep those variables observable (they
// never fuse away or pack a feed or fetch target).
void AddFeedsAndFetches(ProgramDesc* program, const std::set<std::string>& feeds, const std::set<std::string>& fetches) {
  BlockDesc& b = program->block0();
  b.DeclareFeedFetchVars();
  std::vector<OpDesc> ops;
  int col = static_cast<int>(program->FeedNames().size());
  for (const auto& n : feeds) {
    OpDesc op;
    op.type = "feed";
    op.SetInput("X", {"feed"});
    op.SetOutput("Out", {n});
    op.attrs["col"] = Attribute::Int(col++);
    ops.push_back(std::move(op));
  }
  ops.insert(ops.end(), b.ops.begin(), b.ops.end());
  col = static_cast<int>(program->FetchNames().size());
  for (const auto& n : fetches) {
    OpDesc op;
    op.type = "fetch";
    op.SetInput("X", {n});
    op.SetOutput("Out", {"fetch"});
    op.attrs["col"] = Attribute::Int(col++);
    ops.push_back(std::move(op));
  }
  b.ops = std::move(ops);
}

}  // namespace

Status Predictor::Create(std::shared_ptr<const Model> model, const PredictorOptions& options,
                         std::unique_ptr<Predictor>* out) {
  return Guard([&]() -> Status {
    if (!model) return InvalidArgument("model is null");
    if (options.threads < 1) return InvalidArgument("threads must be at least 1, got ", options.threads);
    std::unique_ptr<Predictor> p(new Predictor());
    p->model_ = std::move(model);
    p->options_ = options;
    if (options.use_loaded_program && !p->model_->loaded_program_runnable())
      return InvalidArgument("the program as loaded needs weights the passes replaced; load the model with "
                             "ModelOptions::keep_loaded_program to run it");
    const ProgramDesc* prog = options.use_loaded_program ? &p->model_->programs().loaded : &p->model_->program();
    p->program_ = prog;
    ExecutorOptions eo;
    EMBER_RETURN_IF_ERROR(ToExecutorOptions(options, &eo));
    p->executor_.reset(new Executor(prog, &p->model_->weights(), eo));
    p->feed_names_ = p->executor_->FeedNames();
    p->fetch_names_ = p->executor_->FetchNames();
    *out = std::move(p);
    return Status::OK();
  });
}

Predictor::~Predictor() = default;

std::vector<std::string> Predictor::FeedNames() const { return feed_names_; }
std::vector<std::string> Predictor::FetchNames() const { return fetch_names_; }

// A non-weight variable of the program as loaded that the running program lacks or computes from a packed
// copy is one the passes took away: Observe brings it back.
bool Predictor::Feedable(const std::string& name) const {
  return program_->block0().FindVar(name) && !executor_->IsPackedCopy(name);
}

// A weight only while the scope still holds it (the Model frees the originals of folded weights).
bool Predictor::Fetchable(const std::string& name) const {
  const Scope& weights = derived_weights_ ? *derived_weights_ : model_->weights();
  if (weights.FindVar(name)) return true;
  const VarDesc* v = program_->block0().FindVar(name);
  return v && !v->persistable;
}

namespace {
// A variable of the program as loaded; weights count only when fetched (they are never fed).
bool InLoadedProgram(const Model& m, const std::string& name, bool fed) {
  const VarDesc* v = m.programs().loaded.block0().FindVar(name);
  return v && !(fed && v->persistable);
}
}  // namespace

Status Predictor::Observe(const std::vector<std::string>& feeds, const std::vector<std::string>& fetches) {
  std::set<std::string> feed_set = observed_feeds_, fetch_set = observed_fetches_;
  feed_set.insert(feeds.begin(), feeds.end());
  fetch_set.insert(fetches.begin(), fetches.end());
  std::unique_ptr<ProgramDesc> program(new ProgramDesc(model_->programs().loaded));
  AddFeedsAndFetches(program.get(), feed_set, fetch_set);
  if (!loaded_weights_) {  // read once per predictor; later derivations only run the passes again
    std::unique_ptr<Scope> reloaded(new Scope());
    EMBER_RETURN_IF_ERROR(model_->LoadedProgramWeights(reloaded.get(), &loaded_weights_));
    if (loaded_weights_ == reloaded.get()) reloaded_weights_ = std::move(reloaded);
  }
  // The passes add their folded weights to a scope of this predictor's own, over the weights as loaded.
  std::unique_ptr<Scope> weights(new Scope(loaded_weights_));
  EMBER_RETURN_IF_ERROR(OptimizeProgram(program.get(), weights.get(), model_->pass_options()));
  ExecutorOptions eo;
  EMBER_RETURN_IF_ERROR(ToExecutorOptions(options_, &eo));
  std::unique_ptr<Executor> executor(new Executor(program.get(), weights.get(), eo));
  for (const auto& n : fed_) {  // inputs set so far carry over (an internal name of the old program cannot)
    const Tensor* t = executor_->Input(n);
    if (t && program->block0().FindVar(n)) EMBER_RETURN_IF_ERROR(executor->SetInput(n, *t));
  }
  executor_ = std::move(executor);  // before the program and weights it refers to are replaced
  derived_program_ = std::move(program);
  derived_weights_ = std::move(weights);
  program_ = derived_program_.get();
  observed_feeds_ = std::move(feed_set);
  observed_fetches_ = std::move(fetch_set);
  return Status::OK();
}

Status Predictor::SetInput(const std::string& name, const Tensor& tensor) {
  return Guard([&]() -> Status {
    if (!Feedable(name) && InLoadedProgram(*model_, name, true)) EMBER_RETURN_IF_ERROR(Observe({name}, {}));
    EMBER_RETURN_IF_ERROR(executor_->SetInput(name, tensor));
    fed_.insert(name);
    return Status::OK();
  });
}

Status Predictor::Run(const std::vector<std::string>& fetch) {
  return Guard([&]() -> Status {
    const std::vector<std::string>& targets = fetch.empty() ? fetch_names_ : fetch;
    std::vector<std::string> hidden;
    for (const auto& t : targets)
      if (!Fetchable(t) && InLoadedProgram(*model_, t, false)) hidden.push_back(t);
    if (!hidden.empty()) EMBER_RETURN_IF_ERROR(Observe({}, hidden));
    return executor_->Run(targets);
  });
}

std::vector<OpProfile> Predictor::LastProfile() const {
  std::vector<OpProfile> out;
  for (const auto& t : executor_->LastProfile())
    out.push_back({&program_->block0().ops[t.op_index], t.ms, t.device_ms, t.dims, t.kernel, t.why_on_host});
  return out;
}

DeviceRunStats Predictor::LastDeviceRun() const { return executor_->LastDeviceRun(); }

PredictorMemory Predictor::Memory() const {
  const MemoryStats& m = executor_->LastMemoryStats();
  return {m.arena_bytes, m.lower_bound, m.naive_bytes};
}

Status Predictor::TakeOutput(const std::string& name, Tensor* out) {
  return Guard([&]() -> Status {
    const Tensor* t = nullptr;
    EMBER_RETURN_IF_ERROR(GetOutput(name, &t));
    return executor_->TakeOutput(name, out);
  });
}

Status Predictor::GetOutput(const std::string& name, const Tensor** out) const {
  return Guard([&]() -> Status {
    if (!Fetchable(name) && InLoadedProgram(*model_, name, false))
      return NotFound("variable ", Quote(name), " is not computed by the optimized program (a pass fused it "
                      "away): pass it to Run to compute it");
    return executor_->GetOutput(name, out);
  });
}

}  // namespace ember
